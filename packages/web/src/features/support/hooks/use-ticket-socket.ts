import { useQueryClient } from '@tanstack/react-query';
import { LIVE_SUPPORT_FEED, ticketEventSchema } from '@netloom/domain';
import { useFeedSocket } from '@/lib/live/use-feed-socket';
import { ticketKeys } from '../api/tickets';

/**
 * The desk's replies and status changes reach Track Status over the tenant's socket: the list and
 * the open ticket are read again, without a reload. A reconnection reads them again too.
 */
export function useTicketSocket(tenantId: string | null) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: [...ticketKeys.all, tenantId] });
  useFeedSocket(tenantId, LIVE_SUPPORT_FEED, {
    onOpen: refresh,
    onMessage: (json) => {
      if (ticketEventSchema.safeParse(json).success) refresh();
    },
  });
}
