import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { policyKeys } from './policy-keys';

export function useDeleteZtnaPolicy() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ZTNA_PATHS.policy(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.policies(tid) }),
  });
}
