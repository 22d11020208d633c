import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { packagePathsSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** The installers; the Apple chip package when the server names it (spec 000 §2.9). */
const pathsSchema = z.object({ detail: packagePathsSchema.shape.detail.extend({ 'macOS-arm': z.string().optional() }) });

const packagePathsQueryOptions = () =>
  queryOptions({
    queryKey: ['ztna', 'mza-pkg-paths'],
    queryFn: ({ signal }) => api.get(ZTNA_PATHS.packagePaths, pathsSchema, { signal }),
    select: (r) => r.detail,
    staleTime: 10 * 60_000,
  });

/** Where the client installers are downloaded from. */
export function usePackagePaths() {
  return useQuery(packagePathsQueryOptions());
}
