import { skipToken, useQuery } from '@tanstack/react-query';
import { DEVICE_PATHS, interfaceMetricsListSchema, systemMetricsSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** Monitor graphs redraw this often while their tab is open (a hidden browser tab stops polling). */
export const CHART_REFRESH_MS = 10_000;

/** GET device/{id}/metrics/: each WAN's counters and ping figures over the last `minutes`. */
export function useInterfaceMetrics(deviceId: string | null, minutes: number, open: boolean) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['device-metrics', 'interfaces', tid, deviceId, minutes],
    queryFn:
      deviceId && open
        ? ({ signal }) => api.get(DEVICE_PATHS.metrics(deviceId), interfaceMetricsListSchema, { query: { minutes, ...tidQuery(tid) }, signal })
        : skipToken,
    refetchInterval: CHART_REFRESH_MS,
  });
}

/** GET device/{id}/system-metrics/: CPU and memory over the last `minutes`. */
export function useSystemMetrics(deviceId: string | null, minutes: number, open: boolean) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['device-metrics', 'system', tid, deviceId, minutes],
    queryFn:
      deviceId && open
        ? ({ signal }) => api.get(DEVICE_PATHS.systemMetrics(deviceId), systemMetricsSchema, { query: { minutes, ...tidQuery(tid) }, signal })
        : skipToken,
    refetchInterval: CHART_REFRESH_MS,
  });
}
