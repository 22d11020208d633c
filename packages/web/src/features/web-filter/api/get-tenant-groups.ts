import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { groupListSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

function tenantGroupsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.groups(tid),
    queryFn: tid ? async ({ signal }) => (await api.get(ORG_PATHS.groups, groupListSchema, { query: { tid, page_size: 0 }, signal })).results : skipToken,
  });
}

/** The tenant's user groups, to name in a policy. */
export function useTenantGroups() {
  return useQuery(tenantGroupsQueryOptions(useTenantScope()));
}
