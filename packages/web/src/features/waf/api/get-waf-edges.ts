import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, wafEdgeSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

const edgeListSchema = z.array(wafEdgeSchema);

function wafEdgesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: wafKeys.edges(tid),
    // The spec's POP list of the QShield product: the tenant's own edges and the shared POPs.
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.pops('waf'), edgeListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The WAF edges and POPs that may serve the tenant's applications. */
export function useWafEdges() {
  return useQuery(wafEdgesQueryOptions(useTenantScope()));
}
