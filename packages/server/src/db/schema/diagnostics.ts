import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { tenants } from './tenants';

// Owner: modules/diagnostics (a gateway's ping, traceroute, DNS lookup, capture and throughput runs).

export type DiagnosticRunState = 'running' | 'done' | 'failed' | 'stopped' | 'limited';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * One diagnostic run: its id is its device job's. The output is kept as it streams (bounded by
 * the server's output limit), so a console opened late reads what came so far.
 */
export const diagnosticRuns = pgTable(
  'diagnostic_runs',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<DiagnosticRunState>().notNull().default('running'),
    output: text('output').notNull().default(''),
    outputBytes: integer('output_bytes').notNull().default(0),
    /** The next output piece expected from the device: lower ones are resends. */
    chunks: integer('chunks').notNull().default(0),
    endReason: text('end_reason'),
    startedBy: uuid('started_by'),
    startedByEmail: text('started_by_email'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Past it the server stops the run (the time limit). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** A capture's pcap file as the device uploads it; complete once artifactDone. */
    artifact: bytea('artifact'),
    artifactDone: timestamp('artifact_done', { withTimezone: true }),
  },
  (t) => [
    index('diagnostic_runs_device_idx').on(t.deviceId, t.startedAt),
    // One diagnostic at a time per device, whichever instance starts it.
    uniqueIndex('diagnostic_runs_one_running_idx')
      .on(t.deviceId)
      .where(sql`state = 'running'`),
  ],
);
