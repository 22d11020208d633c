import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConfigDocument, ConfigRevisionSource } from '@netloom/domain';
import { devices } from './devices';
import { tenants } from './tenants';

/**
 * Every saved configuration of a device, never changed once written: the whole document, its
 * SHA-256 over canonical JSON, who saved it and why. The newest is the desired configuration
 * (`devices.config_hash` holds its hash for the agent's drift check).
 */
export const configRevisions = pgTable(
  'config_revisions',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per device: what people call a revision. */
    number: integer('number').notNull(),
    document: jsonb('document').$type<ConfigDocument>().notNull(),
    hash: text('hash').notNull(),
    source: text('source').$type<ConfigRevisionSource>().notNull(),
    message: text('message'),
    authorId: uuid('author_id'),
    authorEmail: text('author_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_revisions_device_number_idx').on(t.deviceId, t.number), index('config_revisions_tenant_idx').on(t.tenantId)],
);
