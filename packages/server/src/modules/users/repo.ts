import { and, asc, count, eq, ilike, inArray, isNull, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role, TeamUser } from '@netloom/domain';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { unionAll } from 'drizzle-orm/pg-core';
import { devices } from '../../db/read-models/devices';
import { memberships, tenants, users } from '../../db/read-models/identity';
import { heldInvitations } from '../../db/schema/held-invitations';
import { scimUsers } from '../../db/read-models/scim';

const deviceCount = sql<number>`(select count(*) from ${devices} d where d.tenant_id = ${memberships.tenantId}
  and d.claimed and lower(d.username) = lower(${users.email}))::int`;

/**
 * The identity provider manages the account (SCIM created or linked it): without a password it is
 * no invitation waiting, and an inactive one was deactivated by the provider.
 */
const scimManaged = sql<boolean>`exists (select 1 from ${scimUsers} s where s.user_id = ${users.id})`;

const memberColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  active: users.active,
  passwordHash: users.passwordHash,
  twoFactorEnabled: users.twoFactorEnabled,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  isSuperAdmin: users.isSuperAdmin,
  role: memberships.role,
  devices: deviceCount,
  scimManaged,
};
/** A held invitation in a member's shape: a pending user to the inviter (see heldInvitations). */
const heldColumns = {
  id: heldInvitations.id,
  email: heldInvitations.email,
  username: sql<string>`${heldInvitations.email}`,
  firstName: heldInvitations.firstName,
  lastName: heldInvitations.lastName,
  active: sql<boolean>`false`,
  passwordHash: sql<string | null>`null::text`,
  twoFactorEnabled: sql<boolean>`false`,
  lastLoginAt: sql<Date | null>`null::timestamptz`,
  createdAt: heldInvitations.createdAt,
  isSuperAdmin: sql<boolean>`false`,
  role: heldInvitations.role,
  devices: sql<number>`0`,
  scimManaged: sql<boolean>`false`,
};

export interface MemberRow {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  active: boolean;
  passwordHash: string | null;
  twoFactorEnabled: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  isSuperAdmin: boolean;
  role: Role;
  devices: number;
  scimManaged: boolean;
}

/**
 * An invitation nobody accepted yet: never signed in, no password, not provisioned by the identity
 * provider. Any other inactive account was deactivated (by an admin or the identity provider); an
 * account single sign-on made has no password either, but it has signed in.
 */
export const isPendingInvitation = (r: Pick<MemberRow, 'active' | 'passwordHash' | 'scimManaged' | 'lastLoginAt'>) =>
  !r.active && r.passwordHash === null && !r.scimManaged && r.lastLoginAt === null;

/** pending: invited and never activated; inactive: deactivated (by an admin or the identity provider). */
export function toTeamUser(r: MemberRow): TeamUser {
  return {
    id: r.id,
    email: r.email,
    username: r.username,
    first_name: r.firstName,
    last_name: r.lastName,
    role: r.role,
    active: r.active,
    status: r.active ? 'active' : isPendingInvitation(r) ? 'pending' : 'inactive',
    two_factor_enabled: r.twoFactorEnabled,
    last_login: r.lastLoginAt?.toISOString() ?? null,
    devices: Number(r.devices),
    created_at: r.createdAt.toISOString(),
  };
}

export interface MemberFilter {
  search?: string | undefined;
  status?: 'active' | 'inactive' | 'pending' | undefined;
  role?: Role | undefined;
}

function filterWhere(tenantId: string, f: MemberFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(memberships.tenantId, tenantId)];
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(or(ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p)));
  }
  if (f.role) parts.push(eq(memberships.role, f.role));
  if (f.status === 'active') parts.push(eq(users.active, true));
  if (f.status === 'pending') parts.push(and(eq(users.active, false), isNull(users.passwordHash), isNull(users.lastLoginAt), sql`not ${scimManaged}`));
  if (f.status === 'inactive') parts.push(and(eq(users.active, false), or(isNotNull(users.passwordHash), isNotNull(users.lastLoginAt), scimManaged)));
  return and(...parts)!;
}

/** Held invitations are pending invitations to the filter: no other status shows them. */
function heldWhere(tenantId: string, f: MemberFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(heldInvitations.tenantId, tenantId)];
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(
      or(
        ilike(heldInvitations.email, p),
        ilike(heldInvitations.firstName, p),
        ilike(heldInvitations.lastName, p),
        ilike(sql`${heldInvitations.firstName} || ' ' || ${heldInvitations.lastName}`, p),
      ),
    );
  }
  if (f.role) parts.push(eq(heldInvitations.role, f.role));
  if (f.status && f.status !== 'pending') parts.push(sql`false`);
  return and(...parts)!;
}

export async function listMembers(
  db: Db,
  tenantId: string,
  f: MemberFilter,
  page: { offset: number; limit: number | null },
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = filterWhere(tenantId, f);
  const held = heldWhere(tenantId, f);
  // A union can only be ordered by an output column: the sort key is one.
  const query = unionAll(
    db
      .select({ ...memberColumns, sortKey: sql<string>`lower(${users.email})`.as('sort_key') })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
    db
      .select({ ...heldColumns, sortKey: sql<string>`lower(${heldInvitations.email})`.as('sort_key') })
      .from(heldInvitations)
      .where(held),
  )
    .orderBy(asc(sql`sort_key`))
    .offset(page.offset);
  const [rows, [total], [heldTotal]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where),
    db.select({ n: count() }).from(heldInvitations).where(held),
  ]);
  return { rows: rows.map(({ sortKey: _sortKey, ...row }) => row), total: (total?.n ?? 0) + (heldTotal?.n ?? 0) };
}

/**
 * A member of the tenant, or one of its held invitations (which acts as a pending member). One
 * statement: a held invitation turning into a member of the same id (releaseHeldInvitations)
 * between two reads would be found as neither.
 */
export async function findMember(db: Db, tenantId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await unionAll(
    db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId))),
    db
      .select(heldColumns)
      .from(heldInvitations)
      .where(and(eq(heldInvitations.tenantId, tenantId), eq(heldInvitations.id, userId))),
  );
  return row;
}

/** The tenant's held invitation of an account, if it has one. */
export async function findHeldInvitation(db: Db, tenantId: string, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: heldInvitations.id, userId: heldInvitations.userId })
    .from(heldInvitations)
    .where(and(eq(heldInvitations.tenantId, tenantId), eq(heldInvitations.userId, userId)));
  return row;
}

/**
 * The tenant's held invitation of that id, with the account it waits on (its owner is told of it,
 * never the inviter); undefined for any other id.
 */
export async function heldInvitationAccount(db: Db, tenantId: string, id: string): Promise<{ userId: string | null } | undefined> {
  const [row] = await db
    .select({ userId: heldInvitations.userId })
    .from(heldInvitations)
    .where(and(eq(heldInvitations.tenantId, tenantId), eq(heldInvitations.id, id)));
  return row;
}

export interface OrphanedHeldInvitation {
  id: string;
  tenantId: string;
  tenantName: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  createdAt: Date;
}

/** Held invitations whose account was deleted (see heldInvitations.userId), oldest first, locked. */
export async function orphanedHeldInvitations(db: Db): Promise<OrphanedHeldInvitation[]> {
  return db
    .select({
      id: heldInvitations.id,
      tenantId: heldInvitations.tenantId,
      tenantName: tenants.name,
      email: heldInvitations.email,
      firstName: heldInvitations.firstName,
      lastName: heldInvitations.lastName,
      role: heldInvitations.role,
      createdAt: heldInvitations.createdAt,
    })
    .from(heldInvitations)
    .innerJoin(tenants, eq(tenants.id, heldInvitations.tenantId))
    .where(isNull(heldInvitations.userId))
    .orderBy(asc(heldInvitations.createdAt), asc(heldInvitations.id))
    .for('update', { of: heldInvitations });
}

/** The held invitations wait on this account from now on. */
export async function holdAgainst(db: Db, ids: string[], userId: string): Promise<void> {
  if (ids.length) await db.update(heldInvitations).set({ userId }).where(inArray(heldInvitations.id, ids));
}

export async function deleteHeldInvitation(db: Db, id: string): Promise<void> {
  await db.delete(heldInvitations).where(eq(heldInvitations.id, id));
}

export async function insertHeldInvitation(
  db: Db,
  tenantId: string,
  input: { id: string; userId: string; email: string; firstName: string; lastName: string; role: Role },
): Promise<void> {
  await db.insert(heldInvitations).values({ tenantId, ...input });
}

/** Active owners other than `exceptUserId`: an organisation never runs out of them. */
export async function otherActiveOwners(db: Db, tenantId: string, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, 'owner'), eq(users.active, true), ne(users.id, exceptUserId)));
  return row?.n ?? 0;
}

/** The role a held invitation would give (it shows as a pending member with it). */
export async function setHeldRole(db: Db, tenantId: string, id: string, role: Role): Promise<void> {
  await db
    .update(heldInvitations)
    .set({ role })
    .where(and(eq(heldInvitations.tenantId, tenantId), eq(heldInvitations.id, id)));
}

/** The tenant's held invitation of that id, if the id is one (a member's is not). */
export async function deleteTenantHeldInvitation(db: Db, tenantId: string, id: string): Promise<void> {
  await db.delete(heldInvitations).where(and(eq(heldInvitations.tenantId, tenantId), eq(heldInvitations.id, id)));
}
