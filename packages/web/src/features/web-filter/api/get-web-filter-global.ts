import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterGlobalSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

function webFilterGlobalQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.global(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.global, webFilterGlobalSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** Whether the tenant's web filter is on (GET webfilter-global/). */
export function useWebFilterGlobal() {
  return useQuery(webFilterGlobalQueryOptions(useTenantScope()));
}
