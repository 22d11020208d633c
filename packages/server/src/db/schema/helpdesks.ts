import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed-secrets';
import { tenants } from './tenants';

// Owner: modules/helpdesks.

/**
 * The external helpdesk tickets are raised in instead of Netloom's own: one per tenant, and one the
 * provider sets for every tenant without its own (`owner` 'provider', no tenant). The credentials
 * (JSON of the type's fields) are sealed at rest and never answered.
 */
export const helpdeskIntegrations = pgTable('helpdesk_integrations', {
  /** The tenant's id, or 'provider'. */
  owner: text('owner').primaryKey(),
  tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
  /** 'zendesk', 'freshdesk' or 'jira'. */
  type: text('type').notNull(),
  credentials: sealedText('credentials').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the credentials last proved to work (on save). */
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  /** Names the integration in its webhook's URL; a new one with every connect. */
  webhookToken: text('webhook_token').unique(),
});
