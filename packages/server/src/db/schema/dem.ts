import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { ztnaServers } from './ztna';

/**
 * DEM's monitored applications: what the organisation's ZTNA endpoints test (a SaaS or private
 * URL, or one of its ZTNA servers), which tests, how often, and the score under which it alarms.
 * An application tested at a ZTNA server goes with the server (nothing left to test).
 */
export const demApplications = pgTable(
  'dem_applications',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'saas' | 'private'>().notNull(),
    targetUrl: text('target_url'),
    ztnaServerId: uuid('ztna_server_id').references(() => ztnaServers.id, { onDelete: 'cascade' }),
    tests: jsonb('tests').$type<{ http: boolean; path: boolean; availability: boolean }>().notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    alarmScore: integer('alarm_score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dem_applications_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`), index('dem_applications_tenant_idx').on(t.tenantId)],
);
