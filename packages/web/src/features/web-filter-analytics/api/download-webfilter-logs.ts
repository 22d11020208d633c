import { useMutation } from '@tanstack/react-query';
import type { LogFilterBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { downloadCsv } from '@/components/data-table/csv-download';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { LOG_PATHS, type WebFilterLogKind } from './get-webfilter-logs';

const FILE_NAMES: Record<WebFilterLogKind, string> = { webfilter: 'webfilter-logs', squid: 'squid-logs' };

/** The server's CSV of every row of the filter (the same POST with format csv; size 0 is all rows), saved as a file. */
export function useDownloadWebFilterLogs(kind: WebFilterLogKind) {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: async (body: LogFilterBody) => {
      const text = await api.post(LOG_PATHS[kind], { ...body, page: 1, size: 0, format: 'csv' }, null, {
        query: tenantIdQuery(tid),
        headers: { Accept: 'text/csv' },
      });
      downloadCsv(FILE_NAMES[kind], typeof text === 'string' ? text : '');
    },
  });
}
