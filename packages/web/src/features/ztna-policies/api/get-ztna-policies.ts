import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTNA_PATHS, ztnaPolicySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { policyKeys } from './policy-keys';

const policyListSchema = z.array(ztnaPolicySchema);

function ztnaPoliciesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: policyKeys.policies(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.policies, policyListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The tenant's access policies, first (evaluated first) first. */
export function useZtnaPolicies() {
  return useQuery(ztnaPoliciesQueryOptions(useTenantScope()));
}
