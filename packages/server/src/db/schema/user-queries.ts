import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Owner: modules/user-queries.

/** Questions to the provider from the public pages and the crash page, worked down by super admins. */
export const userQueries = pgTable(
  'user_queries',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** 'free-trial', 'sign-up', 'login' or 'crash'. */
    source: text('source').notNull(),
    /** What the crash page knew (path, error, console version, browser). */
    context: jsonb('context').$type<Record<string, string>>(),
    /** 'new', 'in_progress', 'answered', 'closed'. */
    status: text('status').notNull().default('new'),
    /** The provider's own note. */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_queries_status_created_idx').on(t.status, t.createdAt)],
);
