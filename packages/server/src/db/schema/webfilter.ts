import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LogsManagement, WebFilterPolicy } from '@netloom/domain';
import { tenants } from './tenants';

/**
 * A tenant's web filter: on or off, the default action, its own allowed and blocked URLs and its
 * own categorisation of domains. The row is also what serialises changes of the tenant's web
 * filter (each change locks it first), so revisions are made in the order the changes were.
 */
export const webFilterSettings = pgTable('webfilter_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  status: boolean('status').notNull().default(true),
  defaultActionBlocked: boolean('default_action_blocked').notNull().default(false),
  allowedUrls: jsonb('allowed_urls').$type<string[]>().notNull().default([]),
  blockedUrls: jsonb('blocked_urls').$type<string[]>().notNull().default([]),
  siteCategories: jsonb('site_categories').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Web-filter policies, evaluated in `position` order (1 first); the rules are one JSON document, checked by the domain schema. */
export const webFilterPolicies = pgTable(
  'webfilter_policies',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<Omit<WebFilterPolicy, 'id' | 'order' | 'name'>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webfilter_policies_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`), index('webfilter_policies_tenant_idx').on(t.tenantId)],
);

/** How long each log of a tenant is kept (logs-management); no row: the defaults. */
export const logRetention = pgTable('log_retention', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  retention: jsonb('retention').$type<LogsManagement['retention']>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
