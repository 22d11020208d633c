import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEVICE_PATHS, interfaceMetricsListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** The popover's window and refresh (spec 000 §2.6). */
export const METRICS_MINUTES = 10;
export const METRICS_REFRESH_MS = 5000;

/** GET device/{id}/metrics/: interface counters and pings of the last minutes. */
function getDeviceMetrics(deviceId: string, tid: string | null | undefined, signal?: AbortSignal) {
  return api.get(DEVICE_PATHS.metrics(deviceId), interfaceMetricsListSchema, {
    // tid names the tenant for a super admin; the server ignores it for everyone else's own tenant.
    query: { minutes: METRICS_MINUTES, tid: tid ?? undefined },
    signal,
  });
}

interface MetricsQuery {
  tid?: string | null;
  /** Fetch and refresh only while the popover is open: a closed one costs nothing. */
  open: boolean;
}

const deviceMetricsQueryOptions = (deviceId: string, { tid = null, open }: MetricsQuery) =>
  queryOptions({
    queryKey: ['devices', 'metrics', deviceId, { minutes: METRICS_MINUTES, tid }],
    queryFn: ({ signal }) => getDeviceMetrics(deviceId, tid, signal),
    enabled: open,
    refetchInterval: open ? METRICS_REFRESH_MS : false,
  });

export function useDeviceMetrics(deviceId: string, query: MetricsQuery) {
  return useQuery(deviceMetricsQueryOptions(deviceId, query));
}
