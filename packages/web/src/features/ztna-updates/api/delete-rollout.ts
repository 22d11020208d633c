import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { tenantQuery, ztnaKeys } from './ztna-keys';

/** Stops a rollout: endpoints not yet updated stay on their version. */
export function useDeleteRollout() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ZTNA_PATHS.rollout(id), null, { query: tenantQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.rollouts(tid) }),
  });
}
