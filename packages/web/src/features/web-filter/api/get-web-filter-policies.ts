import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterPolicyListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

function webFilterPoliciesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.policies(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.policies, webFilterPolicyListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The tenant's web-filter policies, first (evaluated first) first. */
export function useWebFilterPolicies() {
  return useQuery(webFilterPoliciesQueryOptions(useTenantScope()));
}
