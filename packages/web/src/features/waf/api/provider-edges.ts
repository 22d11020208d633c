import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, wafPopShareSchema, wafProviderEdgeSchema, type WafProviderEdge } from '@netloom/domain';
import { api } from '@/lib/http/client';

export type { WafProviderEdge };

const providerEdgesKey = ['waf', 'provider-edges'] as const;

const providerEdgesQueryOptions = () =>
  queryOptions({
    queryKey: providerEdgesKey,
    queryFn: ({ signal }) => api.get(WAF_PATHS.sharedPops, z.array(wafProviderEdgeSchema), { signal }),
  });

/** Every tenant's WAF edges, shared as POPs or not (super admins). */
export function useProviderEdges() {
  return useQuery(providerEdgesQueryOptions());
}

/** Shares an edge with every organisation as a POP, or stops (refused while it serves other organisations). */
export function useShareEdge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shared }: { id: string; shared: boolean }) =>
      api.put(WAF_PATHS.sharedPop(id), wafPopShareSchema.parse({ shared }), wafProviderEdgeSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerEdgesKey }),
  });
}
