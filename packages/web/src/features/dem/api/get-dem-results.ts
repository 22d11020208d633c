import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEM_PATHS, demResultsPageSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';
import { DEM_REFRESH_MS, demQueryOf, type DemFilter } from './dem-query';

function demResultsQueryOptions(tid: string | null, filter: DemFilter, page: number, pageSize: number) {
  return queryOptions({
    queryKey: demKeys.results(tid, { ...filter, page, pageSize }),
    queryFn: tid
      ? ({ signal }) =>
          api.get(DEM_PATHS.results, demResultsPageSchema, {
            query: { ...demQueryOf(filter), page: String(page), page_size: String(pageSize), ...tenantIdQuery(tid) },
            signal,
          })
      : skipToken,
    refetchInterval: DEM_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** The latest test results, newest first, a page at a time. */
export function useDemResults(filter: DemFilter, page: number, pageSize: number) {
  return useQuery(demResultsQueryOptions(useTenantScope(), filter, page, pageSize));
}
