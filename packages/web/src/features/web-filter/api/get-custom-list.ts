import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { customListSchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

function customListQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.customList(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.customList, customListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The organisation's own allowed and blocked URLs (checked before every policy). */
export function useCustomList() {
  return useQuery(customListQueryOptions(useTenantScope()));
}
