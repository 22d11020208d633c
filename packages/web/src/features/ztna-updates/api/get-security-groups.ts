import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { securityGroupSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const securityGroupListSchema = z.array(securityGroupSchema);

function securityGroupsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.securityGroups(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.securityGroups, securityGroupListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The tenant's security groups, a rollout may be narrowed to. */
export function useSecurityGroups() {
  return useQuery(securityGroupsQueryOptions(useTenantScope()));
}
