import { skipToken, useQuery } from '@tanstack/react-query';
import { logsManagementSchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

/** GET logs/logs-management/: how many days each log type is kept. */
export function useLogsManagement(enabled = true) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: webFilterKeys.logsManagement(tid),
    queryFn: tid && enabled ? ({ signal }) => api.get(WEBFILTER_PATHS.logsManagement, logsManagementSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}
