import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { WAF_PATHS, wafLogPageSchema, type wafLogQuerySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

export type WafLogQuery = Omit<Partial<z.infer<typeof wafLogQuerySchema>>, 'tenant_id'>;

function wafLogQueryOptions(tid: string | null, query: WafLogQuery) {
  return queryOptions({
    queryKey: wafKeys.log(tid, query),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.log, wafLogPageSchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** One page of the edges' access log. */
export function useWafLog(query: WafLogQuery) {
  return useQuery(wafLogQueryOptions(useTenantScope(), query));
}
