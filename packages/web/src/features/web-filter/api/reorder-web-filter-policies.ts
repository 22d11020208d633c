import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBFILTER_PATHS, type WebFilterPolicy } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

/**
 * Saves the evaluation order (every policy id, first first). The list shows the new order at once
 * and goes back to the server's when it refuses.
 */
export function useReorderWebFilterPolicies() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  const key = webFilterKeys.policies(tid);
  return useMutation({
    mutationFn: (ids: string[]) => api.post(WEBFILTER_PATHS.reorder, { ids }, null, { query: tenantIdQuery(tid) }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WebFilterPolicy[]>(key);
      if (before) {
        const byId = new Map(before.map((p) => [p.id, p]));
        const reordered = ids.flatMap((id, i) => (byId.has(id) ? [{ ...byId.get(id)!, order: i + 1 }] : []));
        queryClient.setQueryData(key, reordered);
      }
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: webFilterKeys.endpoints(tid) })]),
  });
}
