import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RUM_PATHS, rumSiteInputSchema, rumSitePatchSchema, rumSiteSchema, type RumSiteInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { rumKeys } from './rum-keys';

/** Registers a site or app, or changes one when an id is given (its kind stays). */
export function useSaveRumSite() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RumSiteInput }) => {
      const opts = { query: tidQuery(tid) };
      if (!id) return api.post(RUM_PATHS.sites, rumSiteInputSchema.parse(input), rumSiteSchema, opts);
      const { kind: _kind, ...patch } = input;
      return api.patch(RUM_PATHS.site(id), rumSitePatchSchema.parse(patch), rumSiteSchema, opts);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rumKeys.sites(tid) }),
  });
}

export function useDeleteRumSite() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(RUM_PATHS.site(id), null, { query: tidQuery(tid) }),
    // A site's alerts go with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rumKeys.all(tid) }),
  });
}
