import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryPageSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { CONFIG_SAFETY_REFRESH_MS, useConfigChanges } from '@/lib/live/config-feed';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

function enrolledEndpointsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.enrolled(tid),
    queryFn: tid
      ? async ({ signal }) =>
          (await api.get(ZTNA_PATHS.inventory, inventoryPageSchema, { query: { ...tenantIdQuery(tid), state: 'enrolled', page_size: 0 }, signal })).results
      : skipToken,
  });
}

/**
 * Every enrolled endpoint with its posture, profile, user and configuration sync state: a profile
 * change travelling to them is read as the live socket tells of it (now and then while it is down).
 */
export function useEnrolledEndpoints() {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  const live = useConfigChanges(tid, () => void queryClient.invalidateQueries({ queryKey: ztnaKeys.enrolled(tid), exact: true }));
  return useQuery({ ...enrolledEndpointsQueryOptions(tid), refetchInterval: live ? false : CONFIG_SAFETY_REFRESH_MS });
}
