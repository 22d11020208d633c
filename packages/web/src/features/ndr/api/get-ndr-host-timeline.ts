import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { NDR_PATHS, ndrHostTimelineSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { NDR_REFRESH_MS, ndrWindowQuery, type NdrWindow } from '@/features/ndr/hooks/ndr-windows';
import { ndrKeys } from './ndr-keys';

interface HostTimelineQuery {
  host_ip: string;
  device_id?: string;
  window: NdrWindow;
}

function ndrHostTimelineQueryOptions(tid: string | null, { window, ...query }: HostTimelineQuery) {
  return queryOptions({
    queryKey: ndrKeys.timeline(tid, { window, ...query }),
    // An empty address asks nothing (the page says the address is not one).
    queryFn:
      tid && query.host_ip
        ? ({ signal }) =>
            api.get(NDR_PATHS.hostTimeline, ndrHostTimelineSchema, {
              query: { host_ip: query.host_ip, ...(query.device_id ? { device_id: query.device_id } : {}), ...ndrWindowQuery(window), ...tenantIdQuery(tid) },
              signal,
            })
        : skipToken,
    refetchInterval: NDR_REFRESH_MS,
  });
}

/** One host's detections, flows, DNS queries and IDS alerts in the window, and the users behind it. */
export function useNdrHostTimeline(query: HostTimelineQuery) {
  return useQuery(ndrHostTimelineQueryOptions(useTenantScope(), query));
}
