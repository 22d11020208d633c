import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { securityGroupRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

const securityGroupListSchema = z.array(securityGroupRowSchema);

function securityGroupsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: overlayKeys.securityGroups(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.securityGroups, securityGroupListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The tenant's security groups, by name, each with how many endpoints are in it now. */
export function useSecurityGroups() {
  return useQuery(securityGroupsQueryOptions(useTenantScope()));
}
