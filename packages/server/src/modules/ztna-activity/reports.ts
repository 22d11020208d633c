import type { ConnectorHealthMessage, NacHostsMessage, ZtnaSessionsMessage } from '@netloom/domain';
import type { Db } from '../../db/client';
import * as repo from './reports-repo';

/** The reporting device as these reports need it: its own tenant scopes every write. */
export interface ReportingDevice {
  id: string;
  tenantId: string;
}

/** A batch's measurements per relay: counts, and the mean latency of those that answered. */
function relaySamples(reports: ZtnaSessionsMessage['relays']): repo.RelaySample[] {
  const byRelay = new Map<string, { n: number; f: number; sum: number; timed: number }>();
  for (const r of reports) {
    const s = byRelay.get(r.relay_id) ?? { n: 0, f: 0, sum: 0, timed: 0 };
    s.n++;
    if (!r.ok) s.f++;
    else if (r.latency_ms !== null) {
      s.sum += r.latency_ms;
      s.timed++;
    }
    byRelay.set(r.relay_id, s);
  }
  return [...byRelay].map(([relayId, s]) => ({ relayId, reports: s.n, failures: s.f, latencyMs: s.timed ? s.sum / s.timed : null }));
}

/**
 * What endpoints, app connectors and gateways report of zero trust (the agent gateway's ZtnaSink):
 * relay measurements, connector health and the hosts on the tenant's networks.
 */
export class ZtnaReports {
  constructor(private readonly db: Db) {}

  relayReports(device: ReportingDevice, reports: ZtnaSessionsMessage['relays']): Promise<void> {
    return repo.addRelaySamples(this.db, device.tenantId, relaySamples(reports));
  }

  connectorHealth(device: ReportingDevice, m: ConnectorHealthMessage): Promise<'stored' | 'older' | 'not_connector'> {
    return repo.saveConnectorHealth(this.db, device.tenantId, device.id, { servers: m.servers, activeSessions: m.active_sessions, at: new Date(m.at) });
  }

  nacHosts(device: ReportingDevice, m: NacHostsMessage): Promise<void> {
    return repo.upsertNacHosts(this.db, device.tenantId, device.id, new Date(m.at), m.hosts);
  }
}
