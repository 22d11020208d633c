import { useMutation, useQueryClient } from '@tanstack/react-query';
import { securityGroupInputSchema, securityGroupSchema, ZTNA_PATHS, type SecurityGroupInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

/** Creates a security group, or replaces one when an id is given; its members change with it. */
export function useSaveSecurityGroup() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, group }: { id?: string; group: SecurityGroupInput }) => {
      const body = securityGroupInputSchema.parse(group);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.put(ZTNA_PATHS.securityGroup(id), body, securityGroupSchema, opts) : api.post(ZTNA_PATHS.securityGroups, body, securityGroupSchema, opts);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overlayKeys.securityGroups(tid) }),
  });
}
