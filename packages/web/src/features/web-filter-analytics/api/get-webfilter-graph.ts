import { skipToken, useQuery } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterSummarySchema, type WebFilterRange } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

/** URL decisions arrive by the minute: a window ending now is read again this often. */
const WEBFILTER_REFRESH_MS = 60_000;

/** POST webfilter-global/webfilter-graph/ {start_time, tenant_id}: the web filter summary (spec 001 §3). */
export function useWebFilterGraph(range: WebFilterRange) {
  const tid = useTenantScope();
  const body = { start_time: range, tenant_id: tid ?? undefined };
  return useQuery({
    queryKey: webFilterKeys.graph(tid, body),
    queryFn: tid ? ({ signal }) => api.post(WEBFILTER_PATHS.graph, body, webFilterSummarySchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    refetchInterval: WEBFILTER_REFRESH_MS,
  });
}
