import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, wafDiscoveredEndpointSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import type { WafWindowQuery } from './get-waf-summary';
import { wafKeys } from './waf-keys';

function apiDiscoveryQueryOptions(tid: string | null, query: WafWindowQuery) {
  return queryOptions({
    queryKey: wafKeys.apiDiscovery(tid, query),
    queryFn: tid
      ? ({ signal }) => api.get(WAF_PATHS.apiDiscovery, z.array(wafDiscoveredEndpointSchema), { query: { ...query, ...tenantIdQuery(tid) }, signal })
      : skipToken,
  });
}

/** The API endpoints the edges' traffic of a window shows. */
export function useApiDiscovery(query: WafWindowQuery) {
  return useQuery(apiDiscoveryQueryOptions(useTenantScope(), query));
}
