import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ORG_PATHS, teamUserListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { policyKeys } from './policy-keys';

function tenantUsersQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: policyKeys.users(tid),
    queryFn: tid ? async ({ signal }) => (await api.get(ORG_PATHS.users, teamUserListSchema, { query: { tid, page_size: 0 }, signal })).results : skipToken,
  });
}

/** The tenant's users, to name in a policy or to ask the tool about. */
export function useTenantUsers() {
  return useQuery(tenantUsersQueryOptions(useTenantScope()));
}
