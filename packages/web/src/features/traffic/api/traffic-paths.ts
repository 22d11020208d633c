import type { TrafficGraph, TrafficProduct } from '@netloom/domain';

/**
 * The traffic calls of spec 001 §7 (Traffic): a tenant's graph, one device's graph, and the
 * flows behind a bar. `product` picks whose flows: gateways' (sdwan) or endpoints' (ztna).
 */
export const TRAFFIC_PATHS = {
  graph: (product: TrafficProduct, graph: TrafficGraph) => `${product}/netflow/${graph}/`,
  deviceGraph: (product: TrafficProduct, deviceId: string, graph: TrafficGraph) => `${product}/netflow/device/${deviceId}/${graph}/`,
  flows: (product: TrafficProduct) => `${product}/netflow/flows/`,
} as const;
