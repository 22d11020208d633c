import { useQueryClient } from '@tanstack/react-query';
import { LIVE_REPORTS_FEED, reportProgressEventSchema, type ReportRow } from '@netloom/domain';
import { useFeedSocket } from '@/lib/live/use-feed-socket';
import { reportsKey, upsertReport } from '../api/reports';

/**
 * Each step of a report in the making (queued, running with its progress, done or failed) arrives
 * over the tenant's socket and replaces its row; a reconnection reads the whole list again.
 */
export function useReportSocket(tenantId: string | null) {
  const qc = useQueryClient();
  useFeedSocket(tenantId, LIVE_REPORTS_FEED, {
    onOpen: () => void qc.invalidateQueries({ queryKey: reportsKey(tenantId) }),
    onMessage: (json) => {
      const event = reportProgressEventSchema.safeParse(json);
      if (event.success) qc.setQueryData<ReportRow[]>(reportsKey(tenantId), (list) => upsertReport(list, event.data.report));
    },
  });
}
