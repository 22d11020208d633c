import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_PATHS, mzaPackagePathsSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** Installer URLs of the MicroZAccess client (spec 001 §3 "Package paths response"). */
const packagePathsQueryOptions = () =>
  queryOptions({
    queryKey: ['client', 'mza-pkg-paths'],
    queryFn: ({ signal }) => api.get(AUTH_PATHS.mzaPackagePaths, mzaPackagePathsSchema, { signal }),
    select: (r) => r.detail,
    staleTime: 10 * 60_000,
  });

export function usePackagePaths() {
  return useQuery(packagePathsQueryOptions());
}
