import { useMutation } from '@tanstack/react-query';
import { ZTNA_PATHS, type LogFilterBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { downloadCsv } from '@/components/data-table/csv-download';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';

/** The server's CSV of every row of the filter (the same POST with format csv; size 0 is all rows), saved as a file. */
export function useDownloadSessionLogs() {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: async (body: LogFilterBody) => {
      const text = await api.post(ZTNA_PATHS.sessionLogs, { ...body, page: 1, size: 0, format: 'csv' }, null, {
        query: tenantIdQuery(tid),
        headers: { Accept: 'text/csv' },
      });
      downloadCsv('ztna-session-logs', typeof text === 'string' ? text : '');
    },
  });
}
