import { skipToken, useQuery } from '@tanstack/react-query';
import { securityGroupMembersSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys, tenantQuery } from './overlay-keys';

/** Who is in a security group now: its static users, and its endpoints (static, by rule, or by their user). */
export function useSecurityGroupMembers(id: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: overlayKeys.members(tid, id ?? ''),
    queryFn:
      tid && id ? ({ signal }) => api.get(ZTNA_PATHS.securityGroupMembers(id), securityGroupMembersSchema, { query: tenantQuery(tid), signal }) : skipToken,
  });
}
