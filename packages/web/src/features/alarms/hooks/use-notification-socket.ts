import { useQueryClient } from '@tanstack/react-query';
import { LIVE_NOTIFICATIONS_FEED, liveNotificationSchema, type AlarmNotification } from '@netloom/domain';
import { useFeedSocket } from '@/lib/live/use-feed-socket';
import { notificationsKey } from '../api/alarms';

/**
 * The bell's live feed (`?feed=notifications`, on the shared feed socket). Each alarm refreshes
 * the bell's list (count and read marks come from the server) and is handed to `onAlarm` when given.
 */
export function useNotificationSocket(tenantId: string | null, onAlarm?: (n: Omit<AlarmNotification, 'read'>) => void) {
  const qc = useQueryClient();
  useFeedSocket(tenantId, LIVE_NOTIFICATIONS_FEED, {
    // What rang while the socket was down is in the list.
    onOpen: () => void qc.invalidateQueries({ queryKey: notificationsKey(tenantId!) }),
    onMessage: (json) => {
      const parsed = liveNotificationSchema.safeParse(json);
      if (!parsed.success) return;
      void qc.invalidateQueries({ queryKey: notificationsKey(tenantId!) });
      onAlarm?.(parsed.data.notification);
    },
  });
}
