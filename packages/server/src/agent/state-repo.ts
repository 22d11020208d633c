import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../fleet/device-row';

/** The statements of the batched state writer (state-writer.ts): device states and metrics messages. */

interface MetricRow {
  at: Date;
  ifname: string;
  rxBytes: number | null;
  txBytes: number | null;
  latencyMs: number | null;
  lossPct: number | null;
  /** Absent: the device measured none. */
  jitterMs?: number | null;
}

/** One metrics message: its rows are stored together, once per (device, seq), or not at all. */
export interface MetricsBatch {
  deviceId: string;
  /** The device's life in the inventory the batch belongs to (devices.enrolment). */
  enrolment: number;
  seq: number;
  rows: MetricRow[];
  /** CPU and memory, when the device sent them. */
  system?: { at: Date; cpuPct: number; memoryPct: number };
}

/*
 * A state is written only onto a device still in the inventory, in the same life there (enrolment:
 * a device removed and enrolled again counts its seqs afresh), and only when it is not older than
 * the stored one (heartbeat seq): the last flush of a replaced or removed connection, here or on
 * another instance, must not undo what came after it.
 *
 * A batch travels as one JSON parameter the database unpacks into rows: the statement text never
 * changes, and serialising is one native JSON.stringify (building a VALUES list of 500 rows × 15
 * parameters, or 15 text arrays, cost the event loop milliseconds at 1,000 heartbeats a second).
 *
 * UPDATE_STATES is the columns written, as text: a test keeps them off the table's indexes.
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
    applied_config_hash = case when v.applied_seq >= d.applied_config_seq then v.applied else d.applied_config_hash end,
    applied_config_seq = greatest(d.applied_config_seq, v.applied_seq),
    posture = coalesce(v.posture, d.posture),
    version = coalesce(v.version, d.version),
    last_seq = greatest(d.last_seq, v.seq)`;
const updateStatesStatement = (rows: string) => sql`${sql.raw(UPDATE_STATES)}
  from json_to_recordset(${rows}::json) as v(id uuid, status text, seen timestamptz, wan jsonb, lb jsonb, public_ip text,
    vpn_ip text, loc text, lat float8, lng float8, os text, username text, traffic jsonb, applied text, applied_seq bigint, posture jsonb, version text, seq bigint, enrolment int)
  where d.id = v.id and d.claimed and d.enrolment = v.enrolment and v.seq >= d.last_seq`;

/*
 * The batch keys and the rows go in one statement: a key another connection (or instance) stored
 * first conflicts, and then its rows are not inserted either; a batch of a device's earlier life in
 * the inventory is not stored (its seq would hide the same seq of the reinstalled agent). Returns
 * the keys stored now.
 */
const insertMetricsStatement = (keys: string, rows: string, system: string) => sql`
  with fresh as (
    insert into device_batches (device_id, seq)
    select b.device_id, b.seq from json_to_recordset(${keys}::json) as b(device_id uuid, enrolment int, seq bigint)
    join devices d on d.id = b.device_id and d.claimed and d.enrolment = b.enrolment
    on conflict do nothing
    returning device_id, seq
  ), stored as (
    insert into device_metrics (device_id, at, ifname, rx_bytes, tx_bytes, latency_ms, loss_pct, jitter_ms)
    select m.device_id, m.at, m.ifname, m.rx_bytes, m.tx_bytes, m.latency_ms, m.loss_pct, m.jitter_ms
    from json_to_recordset(${rows}::json)
      as m(device_id uuid, seq bigint, at timestamptz, ifname text, rx_bytes bigint, tx_bytes bigint, latency_ms float8, loss_pct float8, jitter_ms float8)
    join fresh using (device_id, seq)
  ), stored_system as (
    insert into device_system_metrics (device_id, at, cpu_pct, memory_pct)
    select s.device_id, s.at, s.cpu_pct, s.memory_pct
    from json_to_recordset(${system}::json) as s(device_id uuid, seq bigint, at timestamptz, cpu_pct float8, memory_pct float8)
    join fresh using (device_id, seq)
  )
  select device_id, seq::text as seq from fresh`;

/** The key a metrics message is known by in a flush: device and seq. */
export const batchKey = (deviceId: string, seq: number | string) => `${deviceId}/${seq}`;

/**
 * What was last written of each live record's posture and version: they change rarely, so a row
 * carries them (and the statement rewrites them) only when they differ from what was written
 * (compared by reference: applyHeartbeat keeps the record's own object while the report repeats).
 * Absent from a row (null in the statement), the column keeps what it holds.
 */
const writtenRarely = new WeakMap<DeviceRecord, { posture: DeviceRecord['posture']; version: DeviceRecord['version'] }>();

/** The live state of devices, in one statement (see UPDATE_STATES). */
export async function updateDeviceStates(db: Db, batch: DeviceRecord[]): Promise<void> {
  const rare = batch.map((d) => ({ posture: d.posture, version: d.version }));
  const rows = batch.map((d, i) => ({
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
    applied_seq: d.appliedConfigSeq,
    posture: writtenRarely.get(d)?.posture === rare[i]!.posture ? undefined : rare[i]!.posture,
    version: writtenRarely.get(d)?.version === rare[i]!.version ? undefined : rare[i]!.version,
    seq: d.lastSeq,
    enrolment: d.enrolment,
  }));
  await db.execute(updateStatesStatement(JSON.stringify(rows)));
  batch.forEach((d, i) => writtenRarely.set(d, rare[i]!));
}

/** Metrics messages with their keys; returns the keys of the batches stored now (the others were stored before). */
export async function insertMetricBatches(db: Db, batches: MetricsBatch[]): Promise<string[]> {
  const keys = batches.map((b) => ({ device_id: b.deviceId, enrolment: b.enrolment, seq: b.seq }));
  const rows = batches.flatMap((b) =>
    b.rows.map((m) => ({
      device_id: b.deviceId,
      seq: b.seq,
      at: m.at,
      ifname: m.ifname,
      rx_bytes: m.rxBytes,
      tx_bytes: m.txBytes,
      latency_ms: m.latencyMs,
      loss_pct: m.lossPct,
      jitter_ms: m.jitterMs ?? null,
    })),
  );
  const system = batches.flatMap((b) =>
    b.system ? [{ device_id: b.deviceId, seq: b.seq, at: b.system.at, cpu_pct: b.system.cpuPct, memory_pct: b.system.memoryPct }] : [],
  );
  // Both drivers answer { rows }; the Db type, shared by the two, does not say so.
  const fresh = (await db.execute(insertMetricsStatement(JSON.stringify(keys), JSON.stringify(rows), JSON.stringify(system)))) as unknown as {
    rows: { device_id: string; seq: string }[];
  };
  return fresh.rows.map((f) => batchKey(f.device_id, f.seq));
}
