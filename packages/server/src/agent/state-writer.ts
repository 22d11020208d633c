import type { FastifyBaseLogger } from 'fastify';
import { driverQuery, type Db } from '../db/client';
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

/*
 * One array per column, unnested by the database: the statement text never changes and a batch
 * costs 15 parameters, however many devices it carries (building a VALUES list of 500 rows × 15
 * parameters took milliseconds of the event loop at 1,000 heartbeats a second).
 */
const UPDATE_STATES = `
  update devices as d set
    device_status = v.status,
    last_seen_at = v.seen,
    wan_status = v.wan::jsonb,
    lb_status = v.lb::jsonb,
    public_ip = v.public_ip,
    vpn_ip = v.vpn_ip,
    location_name = v.loc,
    latitude = v.lat,
    longitude = v.lng,
    os = v.os,
    username = v.username,
    traffic = v.traffic::jsonb,
    applied_config_hash = v.applied,
    last_seq = greatest(d.last_seq, v.seq)
  from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
              $9::float8[], $10::float8[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bigint[])
    as v(id, status, seen, wan, lb, public_ip, vpn_ip, loc, lat, lng, os, username, traffic, applied, seq)
  where d.id = v.id`;

const INSERT_METRICS = `
  insert into device_metrics (device_id, at, ifname, rx_bytes, tx_bytes, latency_ms, loss_pct)
  select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::bigint[], $5::bigint[], $6::float8[], $7::float8[])`;

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
    const column = <T>(pick: (d: DeviceRecord) => T) => batch.map(pick);
    await driverQuery(this.db, UPDATE_STATES, [
      column((d) => d.id),
      column((d) => d.deviceStatus),
      column((d) => d.lastSeenAt?.toISOString() ?? null),
      column((d) => JSON.stringify(d.wanStatus)),
      column((d) => (d.lbStatus ? JSON.stringify(d.lbStatus) : null)),
      column((d) => d.publicIp),
      column((d) => d.vpnIp),
      column((d) => d.locationName),
      column((d) => d.latitude),
      column((d) => d.longitude),
      column((d) => d.os),
      column((d) => d.username),
      column((d) => JSON.stringify(d.traffic)),
      column((d) => d.appliedConfigHash),
      column((d) => d.lastSeq),
    ]);
  }

  private async insertMetrics(batch: MetricRow[]): Promise<void> {
    await driverQuery(this.db, INSERT_METRICS, [
      batch.map((m) => m.deviceId),
      batch.map((m) => m.at.toISOString()),
      batch.map((m) => m.ifname),
      batch.map((m) => m.rxBytes),
      batch.map((m) => m.txBytes),
      batch.map((m) => m.latencyMs),
      batch.map((m) => m.lossPct),
    ]);
  }
}
