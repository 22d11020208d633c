import { skipToken, useQuery } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterUserSchema, type WebFilterRange } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

/** POST webfilter-global/webfilter-user/: one user's top sites, blocked attempts and categories; idle without a user. */
export function useWebFilterUser(user: string | null, range: WebFilterRange) {
  const tid = useTenantScope();
  const body = user ? { start_time: range, tenant_id: tid ?? undefined, user } : null;
  return useQuery({
    queryKey: webFilterKeys.user(tid, body),
    queryFn: tid && body ? ({ signal }) => api.post(WEBFILTER_PATHS.userGraph, body, webFilterUserSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}
