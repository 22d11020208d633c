import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { groupListSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';

export const groupsKey = (tid: string | null) => ['teams', 'groups', tid] as const;

function groupsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: groupsKey(tid),
    queryFn: tid ? ({ signal }) => api.get(ORG_PATHS.groups, groupListSchema, { query: { tid, page_size: 0 }, signal }) : skipToken,
  });
}

/** The tenant's user groups with their members. */
export function useGroups() {
  return useQuery(groupsQueryOptions(useTenantScope()));
}
