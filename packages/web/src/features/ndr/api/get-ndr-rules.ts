import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { NDR_PATHS, ndrRulesSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ndrKeys } from './ndr-keys';

function ndrRulesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ndrKeys.rules(tid),
    queryFn: tid ? ({ signal }) => api.get(NDR_PATHS.rules, ndrRulesSchema, { query: tenantIdQuery(tid), signal }).then((r) => r.results) : skipToken,
  });
}

/** The detection rules with their ATT&CK mapping, the organisation's parameters and suppressions. */
export function useNdrRules() {
  return useQuery(ndrRulesQueryOptions(useTenantScope()));
}
