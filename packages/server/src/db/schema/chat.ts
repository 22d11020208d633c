import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

// Owner: modules/chat.

/** Live chat messages, per tenant and channel ('user_admin_chat' or the product channel). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** Null once the sender's account is removed: the message stays, with the name it was sent under. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email'),
    /** Sent by the provider's support: shown as 'Support'. */
    fromSupport: boolean('from_support').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_channel_created_idx').on(t.tenantId, t.channel, t.createdAt), index('chat_messages_created_idx').on(t.createdAt)],
);

/** How far each person has read each channel of a tenant (support people too, per tenant). */
export const chatReadMarkers = pgTable(
  'chat_read_markers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.channel] })],
);

/** The provider's chat settings: one row (id 1) once a super admin changed them. */
export const chatSettings = pgTable('chat_settings', {
  id: integer('id').primaryKey(),
  retentionDays: integer('retention_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
