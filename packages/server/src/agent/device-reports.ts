import type { ConnectorHealthMessage, Metrics, NacHostsMessage, ServerMessage, StatusMessage, ZtnaSessionsMessage } from '@netloom/domain';
import type { DeviceRecord } from '../fleet/device-row';
import type { AgentContext } from './context';
import { saveStatusSnapshot } from './repo';
import type { MetricsBatch } from './state-repo';

type Ack = Extract<ServerMessage, { type: 'ack' }>;

/** A metrics message as the writer stores it: one row per interface, its counters and its pings together. */
export function metricsBatch(device: DeviceRecord, m: Metrics): MetricsBatch {
  const at = new Date(m.at);
  type Sample = { rx: number | null; tx: number | null; latency: number | null; loss: number | null; jitter: number | null };
  const byIf = new Map<string, Sample>();
  for (const i of m.interfaces) byIf.set(i.ifname, { rx: i.rx_bytes, tx: i.tx_bytes, latency: null, loss: null, jitter: null });
  for (const p of m.ping) {
    const row = byIf.get(p.ifname) ?? { rx: null, tx: null, latency: null, loss: null, jitter: null };
    byIf.set(p.ifname, { ...row, latency: p.latency_ms, loss: p.loss_pct, jitter: p.jitter_ms ?? null });
  }
  const rows = [...byIf].map(([ifname, v]) => ({ at, ifname, rxBytes: v.rx, txBytes: v.tx, latencyMs: v.latency, lossPct: v.loss, jitterMs: v.jitter }));
  const system = m.system ? { at, cpuPct: m.system.cpu_pct, memoryPct: m.system.memory_pct } : undefined;
  return { deviceId: device.id, enrolment: device.enrolment, seq: m.seq, rows, system };
}

/** What a device reports besides its heartbeats, metrics and flows: status snapshots and its zero-trust reports. Each answers the ack to send. */
export class DeviceReports {
  constructor(private readonly ctx: AgentContext) {}

  /** A status snapshot (routes, interfaces, leases, tunnels): the newest of each kind is kept for the console. */
  async status(device: DeviceRecord, m: StatusMessage): Promise<Ack> {
    await saveStatusSnapshot(this.ctx.db, device.id, m.snapshot, new Date(m.at));
    return { type: 'ack', seq: m.seq, duplicate: false };
  }

  /** Relay health is a recent measurement: one not recorded is not worth refusing the stored sessions for. */
  async relays(device: DeviceRecord, m: ZtnaSessionsMessage): Promise<void> {
    try {
      await this.ctx.ztna.relayReports(device, m.relays);
    } catch (err) {
      this.ctx.log.warn({ err, device: device.id }, 'relay reports not recorded');
    }
  }

  /**
   * An app connector's health is state: stored unless a newer report is (then a duplicate), and
   * the tenant's consoles hear of it through the connector's device row. A gateway that is no
   * connector (not made one yet, or no more) is acknowledged and nothing is stored.
   */
  async connectorHealth(device: DeviceRecord, m: ConnectorHealthMessage): Promise<Ack> {
    const outcome = await this.ctx.ztna.connectorHealth(device, m);
    if (outcome === 'stored') await this.ctx.publishDevice(device);
    return { type: 'ack', seq: m.seq, duplicate: outcome === 'older' };
  }

  /** The hosts a gateway sees: each the tenant's, seen last by this gateway (a report older than what is stored changes nothing). */
  async nacHosts(device: DeviceRecord, m: NacHostsMessage): Promise<Ack> {
    await this.ctx.ztna.nacHosts(device, m);
    return { type: 'ack', seq: m.seq, duplicate: false };
  }
}
