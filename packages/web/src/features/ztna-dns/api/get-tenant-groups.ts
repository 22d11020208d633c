import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { groupListSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

function tenantGroupsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.groups(tid),
    queryFn: tid ? async ({ signal }) => (await api.get(ORG_PATHS.groups, groupListSchema, { query: { tid, page_size: 0 }, signal })).results : skipToken,
  });
}

/** The tenant's user groups (teams), to give a nameserver group to. */
export function useTenantGroups() {
  return useQuery(tenantGroupsQueryOptions(useTenantScope()));
}
