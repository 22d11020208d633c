import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEM_PATHS, demOverviewSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';
import { DEM_REFRESH_MS, demQueryOf, type DemFilter } from './dem-query';

function demOverviewQueryOptions(tid: string | null, filter: DemFilter) {
  return queryOptions({
    queryKey: demKeys.overview(tid, filter),
    queryFn: tid
      ? ({ signal }) => api.get(DEM_PATHS.overview, demOverviewSchema, { query: { ...demQueryOf(filter), ...tenantIdQuery(tid) }, signal })
      : skipToken,
    refetchInterval: DEM_REFRESH_MS,
  });
}

/** The experience score of the window, per application with its trend and worst component, and how many users suffer now. */
export function useDemOverview(filter: DemFilter) {
  return useQuery(demOverviewQueryOptions(useTenantScope(), filter));
}
