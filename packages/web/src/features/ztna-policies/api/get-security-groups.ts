import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { securityGroupSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { policyKeys } from './policy-keys';

const securityGroupListSchema = z.array(securityGroupSchema);

function securityGroupsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: policyKeys.securityGroups(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.securityGroups, securityGroupListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The security groups a policy may be for. */
export function useSecurityGroups() {
  return useQuery(securityGroupsQueryOptions(useTenantScope()));
}
