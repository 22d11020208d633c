import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaSessionPageSchema, type LogFilterBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { sessionLogKeys } from './session-log-keys';

/** One page of connection attempts, filtered and paged on the server (POST with the table filter payload, spec 001 §3). */
export function useSessionLogs(body: LogFilterBody) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: sessionLogKeys.logs(tid, body),
    queryFn: tid ? ({ signal }) => api.post(ZTNA_PATHS.sessionLogs, body, ztnaSessionPageSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // The next page keeps the current rows on screen until it arrives, rather than a flash of skeleton.
    placeholderData: keepPreviousData,
  });
}
