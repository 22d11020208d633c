import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolloutInputSchema, rolloutRowSchema, ZTNA_PATHS, type RolloutInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Stages a client version for one OS (and group), a percentage of its endpoints first. */
export function useCreateRollout() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: RolloutInput) => api.post(ZTNA_PATHS.rollouts, rolloutInputSchema.parse(input), rolloutRowSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.rollouts(tid) }),
  });
}
