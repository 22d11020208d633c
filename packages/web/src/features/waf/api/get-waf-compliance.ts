import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WAF_PATHS, wafComplianceSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

function wafComplianceQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: wafKeys.compliance(tid),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.compliance, wafComplianceSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** Each application's compliance score and checklist. */
export function useWafCompliance() {
  return useQuery(wafComplianceQueryOptions(useTenantScope()));
}
