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
 * A batch travels as one JSON parameter the database unpacks into rows: the statement text never
 * changes, and serialising is one native JSON.stringify (building a VALUES list of 500 rows × 15
 * parameters, or 15 text arrays, cost the event loop milliseconds at 1,000 heartbeats a second).
 */
export const UPDATE_STATES = `
  update devices as d set
    device_status = v.status,
    last_seen_at = v.seen,
    wan_status = v.wan,
    lb_status = v.lb,
    public_ip = v.public_ip,
    vpn_ip = v.vpn_ip,
    location_name = v.loc,
    latitude = v.lat,
    longitude = v.lng,
    os = v.os,
    username = v.username,
    traffic = v.traffic,
    applied_config_hash = v.applied,
    last_seq = greatest(d.last_seq, v.seq)
  from json_to_recordset($1::json) as v(id uuid, status text, seen timestamptz, wan jsonb, lb jsonb, public_ip text,
    vpn_ip text, loc text, lat float8, lng float8, os text, username text, traffic jsonb, applied text, seq bigint)
  where d.id = v.id`;

const INSERT_METRICS = `
  insert into device_metrics (device_id, at, ifname, rx_bytes, tx_bytes, latency_ms, loss_pct)
  select * from json_to_recordset($1::json)
    as m(device_id uuid, at timestamptz, ifname text, rx_bytes bigint, tx_bytes bigint, latency_ms float8, loss_pct float8)`;

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

  /**
   * Queues the live record itself, for a caller that does not wait (a heartbeat): what is written
   * is the record as it is at the flush, so its latest state. No copy and no promise per call; a
   * failed write is logged by the flush.
   */
  queueState(record: DeviceRecord): void {
    if (this.closed) return;
    this.states.set(record.id, record);
    this.arm();
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
    this.arm();
    return done;
  }

  private arm(): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
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
    const rows = batch.map((d) => ({
      id: d.id,
      status: d.deviceStatus,
      seen: d.lastSeenAt,
      wan: d.wanStatus,
      lb: d.lbStatus,
      public_ip: d.publicIp,
      vpn_ip: d.vpnIp,
      loc: d.locationName,
      lat: d.latitude,
      lng: d.longitude,
      os: d.os,
      username: d.username,
      traffic: d.traffic,
      applied: d.appliedConfigHash,
      seq: d.lastSeq,
    }));
    await driverQuery(this.db, UPDATE_STATES, [JSON.stringify(rows)]);
  }

  private async insertMetrics(batch: MetricRow[]): Promise<void> {
    const rows = batch.map((m) => ({
      device_id: m.deviceId,
      at: m.at,
      ifname: m.ifname,
      rx_bytes: m.rxBytes,
      tx_bytes: m.txBytes,
      latency_ms: m.latencyMs,
      loss_pct: m.lossPct,
    }));
    await driverQuery(this.db, INSERT_METRICS, [JSON.stringify(rows)]);
  }
}
