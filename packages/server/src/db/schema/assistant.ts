import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

// Owner: modules/assistant.

/**
 * What the assistant drafted for someone, with the request it was drafted from: when the console
 * posts exactly that payload (the hash) through a form's API, the object made is audited as made
 * through the assistant, with the prompt. Each draft makes at most one object.
 */
export const assistantDrafts = pgTable(
  'assistant_drafts',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentType: text('agent_type').notNull(),
    prompt: text('prompt').notNull(),
    /** SHA-256 of the canonical JSON of the payload as the form's API reads it (defaults applied). */
    payloadHash: text('payload_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('assistant_drafts_created_idx').on(t.createdAt)],
);
