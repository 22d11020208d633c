import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEM_PATHS, demAffectedUsersSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';
import { DEM_REFRESH_MS, demQueryOf, type DemFilter } from './dem-query';

function demAffectedUsersQueryOptions(tid: string | null, filter: DemFilter) {
  return queryOptions({
    queryKey: demKeys.affectedUsers(tid, filter),
    queryFn: tid
      ? ({ signal }) => api.get(DEM_PATHS.affectedUsers, demAffectedUsersSchema, { query: { ...demQueryOf(filter), ...tenantIdQuery(tid) }, signal })
      : skipToken,
    refetchInterval: DEM_REFRESH_MS,
  });
}

/** The users whose experience of an application is poor now, with the cause. */
export function useDemAffectedUsers(filter: DemFilter) {
  return useQuery(demAffectedUsersQueryOptions(useTenantScope(), filter));
}
