import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from './tenants';
import { heldInvitations } from './held-invitations';
import { users } from './users';

/** User groups of a tenant (Teams → Groups); names unique per tenant, ignoring case. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_groups_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

/**
 * Held invitations in groups: a held invitation acts as a pending member everywhere the inviter
 * looks (see heldInvitations), so a group takes it as it takes an invited user. Removing the
 * invitation takes it out of its groups.
 */
export const userGroupHeldMembers = pgTable(
  'user_group_held_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    heldInvitationId: uuid('held_invitation_id')
      .notNull()
      .references(() => heldInvitations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.heldInvitationId] }), index('user_group_held_members_held_idx').on(t.heldInvitationId)],
);
