import { useQueryClient } from '@tanstack/react-query';
import { LIVE_DESK_PATH, deskEventSchema } from '@netloom/domain';
import { usePathSocket } from '@/lib/live/use-feed-socket';

/** New tickets, replies and notes of every tenant reach the desk over its socket: the queue and the open ticket are read again. */
export function useDeskSocket() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['support-desk'] });
  usePathSocket(LIVE_DESK_PATH, {
    onOpen: refresh,
    onMessage: (json) => {
      if (deskEventSchema.safeParse(json).success) refresh();
    },
  });
}
