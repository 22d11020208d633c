import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaPolicyInputSchema, ztnaPolicySchema, type ZtnaPolicyInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { policyKeys } from './policy-keys';

/** Creates a policy (at the end of the list unless `order` says where), or replaces one when an id is given. */
export function useSaveZtnaPolicy() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, policy }: { id?: string; policy: ZtnaPolicyInput }) => {
      const body = ztnaPolicyInputSchema.parse(policy);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.put(ZTNA_PATHS.policy(id), body, ztnaPolicySchema, opts) : api.post(ZTNA_PATHS.policies, body, ztnaPolicySchema, opts);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.policies(tid) }),
  });
}
