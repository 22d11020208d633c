import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEVICE_PATHS, deviceListSchema, type DeviceRow } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

/** While a change is on its way to the endpoints, their sync state is asked for this often. */
const SYNCING_POLL_MS = 2_000;
const IDLE_POLL_MS = 30_000;
/** A device heard from this recently is online: a push reaches it within seconds. */
const ONLINE_MS = 2 * 60_000;

/**
 * Whether a device's state is about to change: it is syncing, or it is online and does not run
 * its configuration yet (the list may call a push in flight 'not synced'). An offline device's
 * 'not synced' waits for it to come back, so it does not keep the fast poll going.
 */
const settling = (d: DeviceRow, now: number) =>
  d.configSync === 'syncing' || (d.configSync === 'not synced' && d.lastSeenTime !== null && now - Date.parse(d.lastSeenTime) < ONLINE_MS);

export function filterEndpointsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.endpoints(tid),
    queryFn: tid
      ? async ({ signal }) => (await api.get(DEVICE_PATHS.list, deviceListSchema, { query: { tid, type: 'endpoint', page_size: 0 }, signal })).results
      : skipToken,
    refetchInterval: (q) => {
      const now = Date.now();
      return (q.state.data as DeviceRow[] | undefined)?.some((d) => settling(d, now)) ? SYNCING_POLL_MS : IDLE_POLL_MS;
    },
  });
}

/**
 * The tenant's ZTNA endpoints with their configuration sync state: policies reach them as
 * configuration, so this shows a change travel (syncing, then synced).
 */
export function useFilterEndpoints() {
  return useQuery(filterEndpointsQueryOptions(useTenantScope()));
}
