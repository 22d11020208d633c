import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

// Owner: modules/reports.

/** Bytes as PostgreSQL's bytea (a report's file); both drivers hand back a Uint8Array or Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A tenant's generated reports: queued, made in the background by whichever instance claims the
 * row (claimed_at guards against a crashed one), kept for download until `expires_at`.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The domain's report kind ('inventory', 'availability', …) and format ('csv' or 'pdf'). */
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    product: text('product').notNull(),
    /** The period and other choices, as the domain's request schema checked them. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    /** 0–100, as the generator goes. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    content: bytea('content'),
    size: integer('size'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    scheduleId: uuid('schedule_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reports_tenant_time_idx').on(t.tenantId, t.createdAt), index('reports_status_idx').on(t.status, t.createdAt)],
);

/** Reports made again and again (daily, weekly, monthly) and mailed to chosen recipients. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    product: text('product').notNull(),
    cadence: text('cadence').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    /** When it is next due; the instance that moves it on (a conditional update) makes the report, so it fires once per cluster. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_schedules_tenant_idx').on(t.tenantId), index('report_schedules_due_idx').on(t.nextRunAt)],
);
