import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http/client';
import { downloadCsv } from '@/components/data-table/csv-download';
import { useTenantScope } from '@/lib/tenant-scope';
import { logPath, type LogFilter, type LogKind } from './get-logs';

/** The server's CSV of every row of the current filter (format=csv, page_size=0). */
export function useDownloadLogs(kind: LogKind) {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: async (filter: Omit<LogFilter, 'page' | 'page_size'>) => {
      const text = await api.get(logPath(kind), null, { query: { tid, ...filter, format: 'csv', page_size: 0 }, headers: { Accept: 'text/csv' } });
      downloadCsv(kind === 'login' ? 'login-logs' : 'activity-logs', typeof text === 'string' ? text : '');
    },
  });
}
