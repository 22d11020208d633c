import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { NDR_PATHS, ndrHostsSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { NDR_REFRESH_MS } from '@/features/ndr/hooks/ndr-windows';
import { ndrKeys } from './ndr-keys';

function ndrHostsQueryOptions(tid: string | null, limit: number) {
  return queryOptions({
    queryKey: ndrKeys.hosts(tid, limit),
    queryFn: tid
      ? ({ signal }) => api.get(NDR_PATHS.hosts, ndrHostsSchema, { query: { limit, ...tenantIdQuery(tid) }, signal }).then((h) => h.results)
      : skipToken,
    refetchInterval: NDR_REFRESH_MS,
  });
}

/** The hosts at risk, the riskiest first (at most `limit`). */
export function useNdrHosts(limit: number) {
  return useQuery(ndrHostsQueryOptions(useTenantScope(), limit));
}
