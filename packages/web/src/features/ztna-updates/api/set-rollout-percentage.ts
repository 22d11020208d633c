import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolloutPercentageBodySchema, rolloutRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Widens (or narrows) a rollout's stage; raising it only adds endpoints. */
export function useSetRolloutPercentage() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, percentage }: { id: string; percentage: number }) =>
      api.put(ZTNA_PATHS.rollout(id), rolloutPercentageBodySchema.parse({ percentage }), rolloutRowSchema, { query: tenantIdQuery(tid) }),
    // Every rollout's progress entry starts with the rollouts key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.rollouts(tid) }),
  });
}
