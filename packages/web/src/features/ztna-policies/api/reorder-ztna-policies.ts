import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaReorderBodySchema, type ZtnaPolicy } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { policyKeys } from './policy-keys';

/**
 * Saves the evaluation order (every policy id, first first). The list shows the new order at once
 * and goes back to the server's when it refuses.
 */
export function useReorderZtnaPolicies() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  const key = policyKeys.policies(tid);
  return useMutation({
    mutationFn: (ids: string[]) => api.post(ZTNA_PATHS.reorder, ztnaReorderBodySchema.parse({ ids }), null, { query: tenantIdQuery(tid) }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ZtnaPolicy[]>(key);
      if (before) {
        const byId = new Map(before.map((p) => [p.id, p]));
        queryClient.setQueryData(
          key,
          ids.flatMap((id, i) => (byId.has(id) ? [{ ...byId.get(id)!, order: i + 1 }] : [])),
        );
      }
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
