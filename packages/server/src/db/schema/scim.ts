import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@netloom/domain';
import { tenants } from './tenants';
import { users } from './users';
import { userGroups } from './groups';

/**
 * Bearer tokens an identity provider (Okta, Entra ID) pushes users with: one tenant each, stored
 * as a SHA-256 of the token (shown once), revoked by deleting the row.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so an owner can tell which one a provider holds. */
    prefix: text('prefix').notNull(),
    /** The role of the users this provider creates (viewer unless the owner chose another). */
    defaultRole: text('default_role').$type<Role>().notNull().default('viewer'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scim_tokens_hash_idx').on(t.tokenHash), index('scim_tokens_tenant_idx').on(t.tenantId)],
);

/**
 * Users the provider manages in a tenant: its externalId for them, and whether SCIM created the
 * account (such an account has no password: its person signs in through the provider).
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    provisioned: boolean('provisioned').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scim_users_tenant_user_idx').on(t.tenantId, t.userId), index('scim_users_user_idx').on(t.userId)],
);

/** Groups the provider pushed, with its externalId for them. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    groupId: uuid('group_id')
      .primaryKey()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
  },
  (t) => [index('scim_groups_tenant_idx').on(t.tenantId)],
);
