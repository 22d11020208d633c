import { bigint, doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';

// Owner: agent (the device gateway writes what devices report; others read it through db/read-models).

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
