import { DEM_TEST_KINDS, measuresOf, scoreResult, type DemResult, type DemTestKind } from '@netloom/domain';
import type { FlowSource } from './enrich';
import type { DemResultToStore } from './store';

/** The test's kind from its id (`<application>:<kind>`), else from what it measured. */
function kindOf(r: DemResult): DemTestKind {
  const suffix = r.test_id.slice(r.test_id.lastIndexOf(':') + 1);
  if ((DEM_TEST_KINDS as readonly string[]).includes(suffix)) return suffix as DemTestKind;
  if (r.total_ms !== undefined || r.ttfb_ms !== undefined) return 'http';
  return r.latency_ms !== undefined || r.loss !== undefined ? 'path' : 'availability';
}

/** The network a result was measured on, as the scores group them: the Wi-Fi's SSID, else the kind. */
const demNetworkOf = (r: DemResult): string => (r.context.network === 'wifi' ? r.context.wifi_ssid?.trim() || 'Wi-Fi' : r.context.network);

export function demResultToStore(result: DemResult, source: FlowSource, seq: number, n: number): DemResultToStore {
  return {
    tenantId: source.tenantId,
    deviceId: source.id,
    at: new Date(result.at),
    seq,
    n,
    user: source.username,
    location: source.location ?? source.siteCountry,
    result,
  };
}

export function demRowOf(d: DemResultToStore) {
  const r = d.result;
  const verdict = scoreResult(measuresOf(r), r.path);
  return {
    tenant_id: d.tenantId,
    device_id: d.deviceId,
    application_id: r.application_id,
    test_id: r.test_id,
    kind: kindOf(r),
    at: d.at.toISOString(),
    seq: d.seq,
    n: d.n,
    ok: r.ok,
    status: r.status ?? null,
    error: r.error ?? null,
    dns_ms: r.dns_ms ?? null,
    connect_ms: r.connect_ms ?? null,
    tls_ms: r.tls_ms ?? null,
    ttfb_ms: r.ttfb_ms ?? null,
    total_ms: r.total_ms ?? null,
    latency_ms: r.latency_ms ?? null,
    loss: r.loss ?? null,
    hops: r.hops ?? null,
    path: r.path,
    relay: r.relay ?? null,
    network_kind: r.context.network,
    network: demNetworkOf(r),
    // A wired endpoint's signal is no part of its experience (the score leaves it out too).
    wifi_signal_dbm: r.context.network === 'wifi' ? (r.context.wifi_signal_dbm ?? null) : null,
    cpu_pct: r.context.cpu_pct ?? null,
    memory_pct: r.context.memory_pct ?? null,
    user_name: d.user,
    location: d.location,
    score: verdict.score,
    worst_component: verdict.worst_component,
    cause: verdict.cause,
  };
}
