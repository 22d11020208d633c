import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TOP_COUNT, TRAFFIC_PATHS, trafficAnswerSchema, type TrafficGraph, type TrafficProduct } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { windowBody, type TrafficWindow } from '@/features/traffic/components/traffic-window';

/** Rollups grow by the minute: a chart of a window ending now is read again this often. */
const TRAFFIC_REFRESH_MS = 60_000;

export interface TrafficGraphRequest {
  product: TrafficProduct;
  graph: TrafficGraph;
  window: TrafficWindow;
  /** One device's graph; the tenant's (narrowed by `networkId`) without it. */
  deviceId?: string | null;
  /** A device group's id; null for 'All Device Groups'. */
  networkId?: string | null;
  /** Each ranked key's bytes per time bucket too, for a chart over time. */
  series?: boolean;
}

/** Every traffic query starts with this: Refresh re-reads them all. */
export const TRAFFIC_QUERY_ROOT = 'traffic';

/** POST {product}/netflow/[device/{id}/]{graph}/ with the graph config body (spec 001 §7). */
export function useTrafficGraph(req: TrafficGraphRequest | null) {
  const tid = useTenantScope();
  const body = req && {
    ...windowBody(req.window),
    top_count: DEFAULT_TOP_COUNT,
    tenant_id: tid ?? undefined,
    network_id: req.networkId ?? '',
    series: req.series ?? false,
  };
  const path = req && (req.deviceId ? TRAFFIC_PATHS.device(req.product, req.deviceId, req.graph) : TRAFFIC_PATHS.tenant(req.product, req.graph));
  return useQuery({
    queryKey: [TRAFFIC_QUERY_ROOT, 'graph', tid, path, body],
    queryFn: path && body && tid ? ({ signal }) => api.post(path, body, trafficAnswerSchema, { signal }) : skipToken,
    refetchInterval: req?.window.kind === 'last' ? TRAFFIC_REFRESH_MS : false,
  });
}

/** Refresh of a traffic page: every chart and flow list is read again. */
export function useRefreshTraffic() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [TRAFFIC_QUERY_ROOT] });
}
