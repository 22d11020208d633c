import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEM_PATHS, demScoresSchema, type DemScoreDimension } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';
import { DEM_REFRESH_MS, demQueryOf, type DemFilter } from './dem-query';

function demScoresQueryOptions(tid: string | null, by: DemScoreDimension, filter: DemFilter) {
  return queryOptions({
    queryKey: demKeys.scores(tid, { by, ...filter }),
    queryFn: tid
      ? ({ signal }) => api.get(DEM_PATHS.scores, demScoresSchema, { query: { ...demQueryOf(filter), by, ...tenantIdQuery(tid) }, signal })
      : skipToken,
    refetchInterval: DEM_REFRESH_MS,
  });
}

/** The window's score per application, user, location or network, with each component's own score. */
export function useDemScores(by: DemScoreDimension, filter: DemFilter) {
  return useQuery(demScoresQueryOptions(useTenantScope(), by, filter));
}
