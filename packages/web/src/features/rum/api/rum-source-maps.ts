import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { RUM_PATHS, rumSourceMapInputSchema, rumSourceMapSchema, type RumSourceMapInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { rumKeys } from './rum-keys';

const listSchema = z.array(rumSourceMapSchema);

/** The source maps uploaded for a site, per release and minified file. */
export function useRumSourceMaps(siteId: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: rumKeys.sourceMaps(tid, siteId ?? ''),
    queryFn: siteId ? ({ signal }) => api.get(RUM_PATHS.sourceMaps(siteId), listSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

/** Uploads a release's source map; the errors it resolves show their original stack from then on. */
export function useUploadRumSourceMap(siteId: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: RumSourceMapInput) =>
      api.post(RUM_PATHS.sourceMaps(siteId), rumSourceMapInputSchema.parse(input), rumSourceMapSchema, { query: tidQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rumKeys.sourceMaps(tid, siteId) }),
        queryClient.invalidateQueries({ queryKey: ['rum', tid, 'query', 'errors'] }),
      ]),
  });
}

export function useDeleteRumSourceMap(siteId: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (mapId: string) => api.delete(RUM_PATHS.sourceMap(siteId, mapId), null, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rumKeys.sourceMaps(tid, siteId) }),
  });
}
