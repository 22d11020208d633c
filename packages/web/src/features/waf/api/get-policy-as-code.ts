import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WAF_PATHS, wafPolicyAsCodeSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

function policyAsCodeQueryOptions(tid: string | null, appId: string | null) {
  return queryOptions({
    queryKey: wafKeys.policyAsCode(tid, appId),
    queryFn: tid && appId ? ({ signal }) => api.get(WAF_PATHS.policyAsCode(appId), wafPolicyAsCodeSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** An application's policy as the YAML document policy as code keeps; asked for only when `enabled`. */
export function useWafPolicyAsCode(appId: string | null, enabled: boolean) {
  return useQuery({ ...policyAsCodeQueryOptions(useTenantScope(), appId), enabled });
}
