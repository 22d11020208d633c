import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_NOTIFICATIONS_FEED, liveNotificationSchema, type AlarmNotification } from '@netloom/domain';
import { liveUrl } from '@/lib/live/fleet-feed';
import { sessionStore } from '@/lib/session/session-store';
import { notificationsKey } from '../api/alarms';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * The bell's live feed: `/ws/status/{tenant}?feed=notifications`, token first, reconnecting with
 * a growing pause. Each alarm refreshes the bell's list (count and read marks come from the
 * server) and is handed to `onAlarm` when given.
 */
export function useNotificationSocket(tenantId: string | null, onAlarm?: (n: Omit<AlarmNotification, 'read'>) => void) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!tenantId) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;
    const connect = () => {
      const ws = new WebSocket(`${liveUrl(tenantId)}?feed=${LIVE_NOTIFICATIONS_FEED}`);
      socket = ws;
      ws.onopen = () => {
        attempts = 0;
        ws.send(JSON.stringify({ token: sessionStore.current()?.access ?? '' }));
        // What rang while the socket was down is in the list.
        void qc.invalidateQueries({ queryKey: notificationsKey(tenantId) });
      };
      ws.onmessage = (ev) => {
        let json: unknown;
        try {
          json = JSON.parse(String(ev.data));
        } catch {
          return;
        }
        const parsed = liveNotificationSchema.safeParse(json);
        if (!parsed.success) return;
        void qc.invalidateQueries({ queryKey: notificationsKey(tenantId) });
        onAlarm?.(parsed.data.notification);
      };
      ws.onclose = (ev) => {
        // Refused (no right to this tenant): no retry can change that.
        if (stopped || ev.code === 4403 || ev.code === 4404) return;
        retry = setTimeout(connect, RETRY_MS[Math.min(attempts++, RETRY_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    };
    // A new onAlarm each render is no reason to reconnect.
  }, [tenantId, qc]); // eslint-disable-line react-hooks/exhaustive-deps
}
