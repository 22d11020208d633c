import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ORG_PATHS, teamUserListSchema, type Role } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';

export interface TeamUserFilter {
  search?: string;
  status?: 'active' | 'inactive' | 'pending';
  role?: Role;
}

export const teamUsersKey = (tid: string | null) => ['teams', 'users', tid] as const;

/** Every user of the tenant (page_size=0): the table searches, sorts and pages them itself. */
function teamUsersQueryOptions(tid: string | null, filter: TeamUserFilter = {}) {
  return queryOptions({
    queryKey: [...teamUsersKey(tid), filter] as const,
    queryFn: tid ? ({ signal }) => api.get(ORG_PATHS.users, teamUserListSchema, { query: { tid, page_size: 0, ...filter }, signal }) : skipToken,
    placeholderData: keepPreviousData,
  });
}

export function useTeamUsers(filter: TeamUserFilter = {}) {
  return useQuery(teamUsersQueryOptions(useTenantScope(), filter));
}
