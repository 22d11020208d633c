import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../modules/devices/device-row';

export interface MetricRow {
  deviceId: string;
  at: Date;
  ifname: string;
  rxBytes: number | null;
  txBytes: number | null;
  latencyMs: number | null;
  lossPct: number | null;
}

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

const CHUNK = 500;

/**
 * Writes the live state of devices in batches: thousands of heartbeats a second become a few
 * UPDATE … FROM (VALUES …) statements. Only a device's latest state is written; a caller that
 * needs to know it is stored (the ack of a metrics batch) awaits the flush that carries it.
 */
export class DeviceStateWriter {
  private states = new Map<string, DeviceRecord>();
  private metrics: MetricRow[] = [];
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 200,
  ) {}

  /** Queues the device's full live state; resolves once it is in the database. */
  writeState(record: DeviceRecord): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.states.set(record.id, record);
    return this.schedule();
  }

  writeMetrics(rows: MetricRow[]): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.metrics.push(...rows);
    return this.schedule();
  }

  private schedule(): Promise<void> {
    // After shutdown the database is gone: late goodbyes of devices are not written.
    if (this.closed) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    return done;
  }

  /** Writes everything queued so far (also on shutdown). */
  flush(): Promise<void> {
    const states = [...this.states.values()];
    const metrics = this.metrics;
    const waiters = this.waiters;
    this.states = new Map();
    this.metrics = [];
    this.waiters = [];
    // Flushes run one after the other so an older state never overwrites a newer one.
    this.flushing = this.flushing.then(async () => {
      try {
        for (let i = 0; i < states.length; i += CHUNK) await this.updateStates(states.slice(i, i + CHUNK));
        for (let i = 0; i < metrics.length; i += CHUNK) await this.insertMetrics(metrics.slice(i, i + CHUNK));
        for (const w of waiters) w.resolve();
      } catch (e) {
        this.log.error({ err: e }, 'device state write failed');
        for (const w of waiters) w.reject(e);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    this.closed = true;
  }

  private async updateStates(batch: DeviceRecord[]): Promise<void> {
    const values = sql.join(
      batch.map(
        (d) => sql`(${d.id}, ${d.deviceStatus}, ${d.lastSeenAt?.toISOString() ?? null}, ${JSON.stringify(d.wanStatus)},
          ${d.lbStatus ? JSON.stringify(d.lbStatus) : null}, ${d.publicIp}, ${d.vpnIp}, ${d.locationName},
          ${d.latitude === null ? null : String(d.latitude)}, ${d.longitude === null ? null : String(d.longitude)},
          ${d.os}, ${d.username}, ${JSON.stringify(d.traffic)}, ${d.appliedConfigHash}, ${String(d.lastSeq)})`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      update devices as d set
        device_status = v.status,
        last_seen_at = v.seen::timestamptz,
        wan_status = v.wan::jsonb,
        lb_status = v.lb::jsonb,
        public_ip = v.public_ip,
        vpn_ip = v.vpn_ip,
        location_name = v.loc,
        latitude = v.lat::float8,
        longitude = v.lng::float8,
        os = v.os,
        username = v.username,
        traffic = v.traffic::jsonb,
        applied_config_hash = v.applied,
        last_seq = greatest(d.last_seq, v.seq::bigint)
      from (values ${values}) as v(id, status, seen, wan, lb, public_ip, vpn_ip, loc, lat, lng, os, username, traffic, applied, seq)
      where d.id = v.id::uuid
    `);
  }

  private async insertMetrics(batch: MetricRow[]): Promise<void> {
    const num = (n: number | null): SQL | null => (n === null ? null : sql`${String(n)}`);
    const values = sql.join(
      batch.map(
        (m) => sql`(${m.deviceId}::uuid, ${m.at.toISOString()}::timestamptz, ${m.ifname}, ${num(m.rxBytes)}::bigint,
          ${num(m.txBytes)}::bigint, ${num(m.latencyMs)}::float8, ${num(m.lossPct)}::float8)`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      insert into device_metrics (device_id, at, ifname, rx_bytes, tx_bytes, latency_ms, loss_pct) values ${values}
    `);
  }
}
