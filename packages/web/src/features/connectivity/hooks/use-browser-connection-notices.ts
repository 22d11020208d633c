import { useEffect } from 'react';
import { CONNECTIVITY } from '@netloom/domain';
import { snack } from '@/lib/notify';
import type { ConnectivityMonitor } from '../connectivity-monitor';
import { CONNECTIVITY_TEXTS } from '../texts';

/**
 * The browser's own connection events (spec 001 §8 Connectivity): offline shows 'You are Offline!'
 * for 5 s and the banner at once; back online shows 'You're Online!' for 1 s, then the page reloads
 * so everything missed while offline is fetched fresh.
 */
export function useBrowserConnectionNotices(monitor: ConnectivityMonitor, reload: () => void): void {
  useEffect(() => {
    let reloadTimer: ReturnType<typeof setTimeout> | null = null;
    const onOffline = () => {
      snack(CONNECTIVITY_TEXTS.offline, { id: 'browser-connection', color: 'yellow', autoClose: CONNECTIVITY.offlineNoticeMs });
      monitor.browserWentOffline();
    };
    const onOnline = () => {
      snack(CONNECTIVITY_TEXTS.online, { id: 'browser-connection', color: 'green', autoClose: CONNECTIVITY.onlineNoticeMs });
      reloadTimer ??= setTimeout(reload, CONNECTIVITY.onlineNoticeMs);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      if (reloadTimer) clearTimeout(reloadTimer);
    };
  }, [monitor, reload]);
}
