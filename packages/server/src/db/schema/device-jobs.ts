import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sealedJsonb } from '../sealed-secrets';
import { devices } from './devices';
import { tenants } from './tenants';

// Owner: modules/jobs (the durable device job queue).

export type JobKind = 'reboot' | 'apply_config' | 'diagnostics' | 'full_sync' | 'status' | 'waf_vuln_test';

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
    payload: sealedJsonb<Record<string, unknown>>('payload').notNull().default({}),
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
