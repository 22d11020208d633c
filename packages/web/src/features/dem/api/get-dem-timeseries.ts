import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEM_PATHS, demTimeseriesSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';
import { DEM_REFRESH_MS, demQueryOf, type DemFilter } from './dem-query';

function demTimeseriesQueryOptions(tid: string | null, filter: DemFilter) {
  return queryOptions({
    queryKey: demKeys.timeseries(tid, filter),
    queryFn: tid
      ? ({ signal }) => api.get(DEM_PATHS.timeseries, demTimeseriesSchema, { query: { ...demQueryOf(filter), ...tenantIdQuery(tid) }, signal })
      : skipToken,
    refetchInterval: DEM_REFRESH_MS,
  });
}

/** The score and each component's mean timing per step of the window. */
export function useDemTimeseries(filter: DemFilter) {
  return useQuery(demTimeseriesQueryOptions(useTenantScope(), filter));
}
