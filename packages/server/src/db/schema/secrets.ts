import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-generated secrets (the JWT signing key when none is configured), shared by all instances. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
