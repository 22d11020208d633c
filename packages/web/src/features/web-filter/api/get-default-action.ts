import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterActionSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

function defaultActionQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.action(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.action, webFilterActionSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** What happens to a request no policy decides (GET webfilter-global/action/). */
export function useDefaultAction() {
  return useQuery(defaultActionQueryOptions(useTenantScope()));
}
