import { useQueryClient } from '@tanstack/react-query';
import { LIVE_ANNOUNCEMENTS_FEED, announcementEventSchema } from '@netloom/domain';
import { useFeedSocket } from '@/lib/live/use-feed-socket';
import { announcementsKey } from '../api/get-announcements';

/**
 * Posted, edited or withdrawn announcements reach the console over the tenant's socket: the list
 * (and so the header's marker) is read again. A reconnection reads it again too.
 */
export function useAnnouncementSocket(tenantId: string | null) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: announcementsKey });
  useFeedSocket(tenantId, LIVE_ANNOUNCEMENTS_FEED, {
    onOpen: refresh,
    onMessage: (json) => {
      if (announcementEventSchema.safeParse(json).success) refresh();
    },
  });
}
