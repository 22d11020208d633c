import { skipToken, useQuery } from '@tanstack/react-query';
import { securityGroupMembersSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

/** Who is in a security group now: its static users, and its endpoints (static, by rule, or by their user). */
export function useSecurityGroupMembers(id: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: overlayKeys.members(tid, id ?? ''),
    queryFn:
      tid && id ? ({ signal }) => api.get(ZTNA_PATHS.securityGroupMembers(id), securityGroupMembersSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}
