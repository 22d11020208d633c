import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { policyKeys, tenantQuery } from './policy-keys';

export function useDeleteZtnaPolicy() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ZTNA_PATHS.policy(id), null, { query: tenantQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.policies(tid) }),
  });
}
