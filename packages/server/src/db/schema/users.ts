import { bigint, boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Role } from '@netloom/domain';
import { tenants } from './tenants';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    /** IANA zone; null means the browser's zone. */
    timezone: text('timezone'),
    /** Null until an invited user sets one on activation. */
    passwordHash: text('password_hash'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code works once, never again in its own or an older step. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

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
