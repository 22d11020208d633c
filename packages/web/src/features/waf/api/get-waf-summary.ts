import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { WAF_PATHS, wafSummarySchema, type wafWindowQuerySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

export type WafWindowQuery = Omit<Partial<z.infer<typeof wafWindowQuerySchema>>, 'tenant_id'>;

function wafSummaryQueryOptions(tid: string | null, query: WafWindowQuery) {
  return queryOptions({
    queryKey: wafKeys.summary(tid, query),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.summary, wafSummarySchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
  });
}

/** Requests and attacks of a window: totals, series and top lists. */
export function useWafSummary(query: WafWindowQuery) {
  return useQuery(wafSummaryQueryOptions(useTenantScope(), query));
}
