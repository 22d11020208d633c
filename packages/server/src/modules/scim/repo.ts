import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Role, ScimGroupView, ScimUserView } from '@netloom/domain';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/read-models/identity';
import { userGroupMembers, userGroups } from '../../db/read-models/user-groups';
import { scimGroups, scimTokens, scimUsers } from '../../db/schema/scim';
import type { Equality } from './filter';

// ─── tokens ─────────────────────────────────────────────────────────────────────────────────────

export type TokenRow = typeof scimTokens.$inferSelect;

export async function listTokens(db: Db, tenantId: string): Promise<TokenRow[]> {
  return db.select().from(scimTokens).where(eq(scimTokens.tenantId, tenantId)).orderBy(asc(scimTokens.createdAt), asc(scimTokens.id));
}

export async function insertToken(db: Db, row: typeof scimTokens.$inferInsert): Promise<TokenRow> {
  const [inserted] = await db.insert(scimTokens).values(row).returning();
  return inserted!;
}

export async function deleteToken(db: Db, tenantId: string, id: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .delete(scimTokens)
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.id, id)))
    .returning();
  return row;
}

export async function findTokenByHash(db: Db, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.tokenHash, tokenHash));
  return row;
}

/** Last use, to the minute: a provider syncing every few seconds does not write on every call. */
export async function touchToken(db: Db, id: string): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(scimTokens.id, id), sql`(${scimTokens.lastUsedAt} is null or ${scimTokens.lastUsedAt} < now() - interval '1 minute')`));
}

// ─── users ──────────────────────────────────────────────────────────────────────────────────────

export type UserAttribute = 'id' | 'userName' | 'externalId';

export interface MemberView extends ScimUserView {
  role: Role;
  passwordHash: string | null;
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  active: users.active,
  createdAt: users.createdAt,
  externalId: scimUsers.externalId,
  role: memberships.role,
  passwordHash: users.passwordHash,
};

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

function userCondition(c: Equality<UserAttribute>): SQL {
  if (c.attribute === 'id') return isUuid(c.value) ? eq(users.id, c.value) : sql`false`;
  if (c.attribute === 'externalId') return eq(scimUsers.externalId, c.value);
  // userName and e-mail are one here; both compare ignoring case (caseExact false).
  return eq(sql`lower(${users.email})`, c.value.toLowerCase());
}

/**
 * The tenant's members as SCIM sees them: every account of the organisation but super admins (the
 * provider's, not the organisation's), whether SCIM created it or it was there before (a provider
 * links to it by userName).
 */
function memberQuery(db: Db, tenantId: string, where: (SQL | undefined)[]) {
  return db
    .select(userColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(scimUsers, and(eq(scimUsers.userId, users.id), eq(scimUsers.tenantId, tenantId)))
    .where(and(eq(memberships.tenantId, tenantId), eq(users.isSuperAdmin, false), ...where));
}

export async function listUsers(
  db: Db,
  tenantId: string,
  filter: Equality<UserAttribute>[],
  page: { offset: number; limit: number },
): Promise<{ rows: MemberView[]; total: number }> {
  const where = filter.map(userCondition);
  const [rows, [total]] = await Promise.all([
    page.limit === 0 ? [] : memberQuery(db, tenantId, where).orderBy(asc(users.createdAt), asc(users.id)).offset(page.offset).limit(page.limit),
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(scimUsers, and(eq(scimUsers.userId, users.id), eq(scimUsers.tenantId, tenantId)))
      .where(and(eq(memberships.tenantId, tenantId), eq(users.isSuperAdmin, false), ...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findUser(db: Db, tenantId: string, id: string): Promise<MemberView | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await memberQuery(db, tenantId, [eq(users.id, id)]);
  return row;
}

/** Whether an account has this address, in any organisation (addresses are unique across them). */
export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`(lower(${users.email}) = ${email.toLowerCase()} or lower(${users.username}) = ${email.toLowerCase()})`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  return !!row;
}

export async function otherActiveOwners(db: Db, tenantId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, 'owner'), eq(users.active, true), ne(users.id, exceptUserId)));
  return row?.n ?? 0;
}

/** The provider's id for one of the tenant's users, and whether SCIM made the account. */
export async function saveScimUser(db: Db, tenantId: string, userId: string, fields: { externalId: string | null; provisioned?: boolean }): Promise<void> {
  await db
    .insert(scimUsers)
    .values({ tenantId, userId, externalId: fields.externalId, provisioned: fields.provisioned ?? false })
    .onConflictDoUpdate({
      target: [scimUsers.tenantId, scimUsers.userId],
      set: { externalId: fields.externalId, updatedAt: new Date(), ...(fields.provisioned ? { provisioned: true } : {}) },
    });
}

// ─── groups ─────────────────────────────────────────────────────────────────────────────────────

export type GroupAttribute = 'id' | 'displayName' | 'externalId';

function groupCondition(c: Equality<GroupAttribute>): SQL {
  if (c.attribute === 'id') return isUuid(c.value) ? eq(userGroups.id, c.value) : sql`false`;
  if (c.attribute === 'externalId') return eq(scimGroups.externalId, c.value);
  return eq(sql`lower(${userGroups.name})`, c.value.toLowerCase());
}

export async function listGroups(
  db: Db,
  tenantId: string,
  filter: Equality<GroupAttribute>[],
  page: { offset: number; limit: number },
  withMembers: boolean,
): Promise<{ rows: ScimGroupView[]; total: number }> {
  const where = and(eq(userGroups.tenantId, tenantId), ...filter.map(groupCondition));
  const from = () => db.select().from(userGroups).leftJoin(scimGroups, eq(scimGroups.groupId, userGroups.id)).where(where);
  const [rows, [total]] = await Promise.all([
    page.limit === 0 ? [] : from().orderBy(asc(userGroups.createdAt), asc(userGroups.id)).offset(page.offset).limit(page.limit),
    db.select({ n: count() }).from(userGroups).leftJoin(scimGroups, eq(scimGroups.groupId, userGroups.id)).where(where),
  ]);
  const members = withMembers
    ? await membersOf(
        db,
        rows.map((r) => r.user_groups.id),
      )
    : [];
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ user_groups: g, scim_groups: s }) => ({
      id: g.id,
      name: g.name,
      externalId: s?.externalId ?? null,
      createdAt: g.createdAt,
      members: members.filter((m) => m.groupId === g.id).map(({ id, email }) => ({ id, email })),
    })),
  };
}

export async function findGroup(db: Db, tenantId: string, id: string): Promise<ScimGroupView | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await listGroups(db, tenantId, [{ attribute: 'id', value: id }], { offset: 0, limit: 1 }, true);
  return rows[0];
}

/** Only users: a group's held invitations are the console's business, not the provider's. */
async function membersOf(db: Db, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: userGroupMembers.groupId, id: users.id, email: users.email })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(inArray(userGroupMembers.groupId, groupIds))
    .orderBy(asc(sql`lower(${users.email})`));
}

export async function saveScimGroup(db: Db, tenantId: string, groupId: string, externalId: string | null): Promise<void> {
  await db.insert(scimGroups).values({ tenantId, groupId, externalId }).onConflictDoUpdate({ target: scimGroups.groupId, set: { externalId } });
}
