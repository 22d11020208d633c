import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@netloom/domain';
import { tenants } from './tenants';
import { users } from './users';

// Owner: modules/users (invitations of addresses that already have an account elsewhere).

/**
 * Invitations of addresses that already have an account in another organisation. The inviting
 * tenant sees them among its pending users, as any invitation, so it cannot tell the address is
 * taken; the account's owner is told by e-mail instead. They become a membership only when that
 * account goes away (a user belongs to one organisation): see userId.
 */
export const heldInvitations = pgTable(
  'held_invitations',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /**
     * The account waited on. Its deletion leaves the invitation (a cascade would take it out of the
     * inviter's list and tell that the address had an account); null only inside the deleting
     * transaction, which turns it into a real invitation before it commits (releaseHeldInvitations).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('held_invitations_tenant_user_idx').on(t.tenantId, t.userId)],
);
