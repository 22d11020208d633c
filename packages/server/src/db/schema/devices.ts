import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LinkBonding, PostureReport, WanLink } from '@netloom/domain';
import { networks } from './networks';
import { tenants } from './tenants';

/**
 * SD-WAN gateways and ZTNA endpoints. The live columns (status, last seen, links, addresses,
 * location) are written by the agent gateway from heartbeats; the rest by people.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    /** The device's own identity (serial number, or the endpoint's install id). */
    serial: text('serial').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<'gateway' | 'endpoint'>().notNull(),
    macAddress: text('mac_address'),
    model: text('model'),
    os: text('os'),
    version: text('version'),
    /** The ZTNA user signed in on an endpoint. */
    username: text('username'),
    createdBy: text('created_by'),
    /** Enrolled devices wait for approval unless the tenant auto-approves. */
    approved: boolean('approved').notNull().default(false),
    /** Deactivated devices are refused by the gateway until activated again. */
    active: boolean('active').notNull().default(true),
    /** Unclaimed devices left the tenant's inventory; they keep their row for history. */
    claimed: boolean('claimed').notNull().default(true),
    credentialHash: text('credential_hash'),
    deviceStatus: text('device_status').notNull().default('registered'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    publicIp: text('public_ip'),
    vpnIp: text('vpn_ip'),
    locationName: text('location_name'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    geographicalZone: text('geographical_zone'),
    wanStatus: jsonb('wan_status').$type<WanLink[]>().notNull().default([]),
    lbStatus: jsonb('lb_status').$type<LinkBonding | null>(),
    traffic: jsonb('traffic').$type<string[]>().notNull().default([]),
    /**
     * Sequence number of the newest heartbeat stored: the live state is a heartbeat's, and an older
     * one (a late delivery, another connection's last flush) never overwrites a newer one.
     */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(-1),
    /**
     * Counts the device's lives in the inventory: raised when it is removed (unclaimed). What a
     * connection of an earlier life still holds (a queued state, a metrics batch) carries the old
     * number and is not written, even once the device has enrolled again.
     */
    enrolment: integer('enrolment').notNull().default(0),
    /** Hash of the configuration the console wants, and of the one the device applied. */
    /** 'app-connector' for a gateway that publishes private servers (spec 000 §3 deviceType); null otherwise. */
    deviceType: text('device_type'),
    /** What an endpoint's agent last reported of its posture (OS version, client version, disk encryption, firewall). */
    posture: jsonb('posture').$type<PostureReport>(),
    configHash: text('config_hash'),
    appliedConfigHash: text('applied_config_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_tenant_serial_idx').on(t.tenantId, t.serial),
    index('devices_tenant_network_idx').on(t.tenantId, t.networkId),
    index('devices_tenant_status_idx').on(t.tenantId, t.deviceStatus),
    // No index on last_seen_at or on any other column a heartbeat rewrites: then the batched
    // heartbeat UPDATE changes no indexed column and PostgreSQL rewrites the row in its own page
    // (a HOT update, with the 80 % fill factor of migration 0003 leaving room), instead of adding
    // an entry to every index and leaving autovacuum that much to clean each second. The offline
    // sweep reads the table instead (a few ms for 100,000 devices, every few seconds).
  ],
);

/** Interface counters and ping results, for the last minutes' graphs of the interface popover. */
export const deviceMetrics = pgTable(
  'device_metrics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ifname: text('ifname').notNull(),
    rxBytes: bigint('rx_bytes', { mode: 'number' }),
    txBytes: bigint('tx_bytes', { mode: 'number' }),
    latencyMs: doublePrecision('latency_ms'),
    lossPct: doublePrecision('loss_pct'),
    jitterMs: doublePrecision('jitter_ms'),
  },
  (t) => [
    index('device_metrics_device_at_idx').on(t.deviceId, t.at),
    // For the retention sweep (rows older than a moment). Metrics arrive in time order, so a BRIN
    // index finds them for a few kilobytes and next to nothing per insert.
    index('device_metrics_at_brin').using('brin', t.at),
  ],
);

/** The box's CPU and memory with each metrics message that carried them (the overview's graphs). */
export const deviceSystemMetrics = pgTable(
  'device_system_metrics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    cpuPct: doublePrecision('cpu_pct').notNull(),
    memoryPct: doublePrecision('memory_pct').notNull(),
  },
  (t) => [index('device_system_metrics_device_at_idx').on(t.deviceId, t.at), index('device_system_metrics_at_brin').using('brin', t.at)],
);

/**
 * Every metrics message stored, by the device's sequence number, written in the same statement as
 * its rows: a batch resent on another connection or to another instance is stored once, and a late
 * one never seen before is stored. Kept as long as the metrics (the same retention sweep).
 */
export const deviceBatches = pgTable(
  'device_batches',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.seq] }), index('device_batches_received_brin').using('brin', t.receivedAt)],
);

export type JobKind = 'reboot' | 'apply_config' | 'diagnostics' | 'full_sync' | 'status';
/** 'cancelled': withdrawn before the device closed it (the device was removed); not a fault of the device. */
export type JobState = 'queued' | 'sent' | 'done' | 'failed' | 'cancelled';

/** Work for a device; delivered at least once, acknowledged by id. */
export const deviceJobs = pgTable(
  'device_jobs',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<JobKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<JobState>().notNull().default('queued'),
    result: text('result'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('device_jobs_device_state_idx').on(t.deviceId, t.state),
    // At most one open full sync per device, whichever connection or instance notices the drift first.
    uniqueIndex('device_jobs_open_full_sync_idx')
      .on(t.deviceId, t.kind)
      .where(sql`kind = 'full_sync' and state in ('queued', 'sent')`),
  ],
);

/** Commercial view: per device and WAN link an amount and a date (one document per tenant). */
export const commercialData = pgTable('commercial_data', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The newest status snapshot of each kind a device reported (routes, interfaces, leases, tunnels). */
export const deviceStatusSnapshots = pgTable(
  'device_status_snapshots',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.kind] })],
);
