import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEM_PATHS, demApplicationListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';

function demApplicationsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: demKeys.applications(tid),
    queryFn: tid
      ? ({ signal }) =>
          // page_size=0: every application (a tenant monitors tens, not thousands).
          api.get(DEM_PATHS.applications, demApplicationListSchema, { query: { ...tenantIdQuery(tid), page_size: 0 }, signal }).then((l) => l.results)
      : skipToken,
  });
}

/** The applications the tenant's endpoints test, by name. */
export function useDemApplications() {
  return useQuery(demApplicationsQueryOptions(useTenantScope()));
}
