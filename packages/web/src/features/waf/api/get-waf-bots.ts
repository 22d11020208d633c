import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WAF_PATHS, wafBotSummarySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import type { WafWindowQuery } from './get-waf-summary';
import { wafKeys } from './waf-keys';

function wafBotsQueryOptions(tid: string | null, query: WafWindowQuery) {
  return queryOptions({
    queryKey: wafKeys.bots(tid, query),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.bots, wafBotSummarySchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
  });
}

/** The edges' clients of a window by kind (human, verified bot, likely bot, automated), family and network. */
export function useWafBots(query: WafWindowQuery) {
  return useQuery(wafBotsQueryOptions(useTenantScope(), query));
}
