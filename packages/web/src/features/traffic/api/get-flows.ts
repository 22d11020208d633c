import { skipToken, useQuery } from '@tanstack/react-query';
import { FLOWS_PAGE_MAX, TRAFFIC_PATHS, flowsAnswerSchema, type TrafficGraph, type TrafficProduct } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { windowBody, type TrafficWindow } from '@/features/traffic/components/traffic-window';
import { TRAFFIC_QUERY_ROOT } from './get-traffic-graph';

/** What a drill-down asks for: the flows behind one bar (graph and key), or all of a window's. */
export interface FlowsRequest {
  product: TrafficProduct;
  window: TrafficWindow;
  networkId?: string | null;
  deviceId?: string | null;
  graph?: TrafficGraph;
  key?: string;
}

/**
 * POST {product}/netflow/flows/: the newest flows of the window, as many as one call gives. The
 * table searches, pages and exports those in the browser; the answer's count says how many more
 * the window holds.
 */
export function useFlows(req: FlowsRequest | null) {
  const tid = useTenantScope();
  const body = req && {
    ...windowBody(req.window),
    tenant_id: tid ?? undefined,
    network_id: req.networkId ?? '',
    ...(req.deviceId ? { device_id: req.deviceId } : {}),
    ...(req.graph && req.key !== undefined ? { graph: req.graph, key: req.key } : {}),
    offset: 0,
    limit: FLOWS_PAGE_MAX,
  };
  return useQuery({
    queryKey: [TRAFFIC_QUERY_ROOT, 'flows', tid, req?.product ?? null, body],
    queryFn: req && body && tid ? ({ signal }) => api.post(TRAFFIC_PATHS.flows(req.product), body, flowsAnswerSchema, { signal }) : skipToken,
  });
}
