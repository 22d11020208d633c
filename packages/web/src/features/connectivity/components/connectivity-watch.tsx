import { useEffect, useState } from 'react';
import { AppUpdates } from '../app-update/app-updates';
import { notifyUnrecoverable } from '../app-update/notices';
import { backendAnswers } from '../backend-check';
import { installChunkLoadRecovery } from '../chunk-load-recovery';
import { ConnectivityMonitor } from '../connectivity-monitor';
import { useBrowserConnectionNotices } from '../hooks/use-browser-connection-notices';
import { useReloadOnUserChange } from '../hooks/use-reload-on-user-change';
import { InternetBanner } from './internet-banner';

const reloadPage = () => window.location.reload();

export interface ConnectivityWatchProps {
  reload?: () => void;
  check?: () => Promise<boolean>;
}

/**
 * Mounted once for the whole app: the internet banner and its backend checks, the browser's
 * offline/online notices, reloads for a user change in another tab and for chunks that failed to
 * load, and the app update (service worker, version check, 'Updating application').
 */
export function ConnectivityWatch({ reload = reloadPage, check = backendAnswers }: ConnectivityWatchProps) {
  const [monitor] = useState(() => new ConnectivityMonitor({ check }));
  useEffect(() => {
    monitor.start();
    return () => monitor.stop();
  }, [monitor]);
  useBrowserConnectionNotices(monitor, reload);
  useReloadOnUserChange(reload);
  useEffect(() => installChunkLoadRecovery({ reload, onUnrecoverable: () => notifyUnrecoverable(reload) }), [reload]);

  return (
    <>
      <InternetBanner monitor={monitor} />
      <AppUpdates reload={reload} />
    </>
  );
}
