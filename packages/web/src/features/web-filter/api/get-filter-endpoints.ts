import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_PATHS, deviceListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { CONFIG_SAFETY_REFRESH_MS, useConfigChanges } from '@/lib/live/config-feed';
import { useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

function filterEndpointsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.endpoints(tid),
    queryFn: tid
      ? async ({ signal }) => (await api.get(DEVICE_PATHS.list, deviceListSchema, { query: { tid, type: 'endpoint', page_size: 0 }, signal })).results
      : skipToken,
  });
}

/**
 * The tenant's ZTNA endpoints with their configuration sync state: policies reach them as
 * configuration, so this shows a change travel (syncing, then synced).
 */
export function useFilterEndpoints() {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  // An endpoint's push moving on (the live socket says so) is read at once; only while the socket is down, now and then.
  const live = useConfigChanges(tid, () => void queryClient.invalidateQueries({ queryKey: webFilterKeys.endpoints(tid), exact: true }));
  return useQuery({ ...filterEndpointsQueryOptions(tid), refetchInterval: live ? false : CONFIG_SAFETY_REFRESH_MS });
}
