import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role } from '@netloom/domain';
import type { Db } from '../db/client';
import { memberships, refreshTokens, tenants, users } from '../db/schema/index';

/**
 * The identity core: who a user is, which tenants they belong to and whether their session is
 * live. Authentication, the team pages, the super admin and the request preamble all read these;
 * the modules that own the flows (sign-in, invitations) keep their own statements.
 */

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

export async function findTenant(db: Db, id: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

export interface MembershipView {
  tenantId: string;
  tenantName: string;
  role: Role;
  suspended: boolean;
}

export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const needle = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, needle), eq(sql`lower(${users.username})`, needle)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function userMemberships(db: Db, userId: string): Promise<MembershipView[]> {
  return db
    .select({
      tenantId: memberships.tenantId,
      tenantName: tenants.name,
      role: memberships.role,
      suspended: tenants.suspended,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

export async function updateUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

/**
 * Everything a request's principal needs in one round trip: the user, whether the session is
 * still live, and the memberships (one row each; a user without any gives one row of nulls).
 */
export async function loadPrincipalRows(db: Db, userId: string, sessionId: string) {
  const live = sql<boolean>`exists (select 1 from ${refreshTokens} r where r.family_id = ${sessionId}
    and r.revoked_at is null and r.expires_at > now())`;
  const rows = await db
    .select({
      user: users,
      live,
      tenantId: memberships.tenantId,
      tenantName: tenants.name,
      role: memberships.role,
      suspended: tenants.suspended,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(users.id, userId))
    .orderBy(asc(memberships.createdAt));
  const first = rows[0];
  if (!first) return null;
  const list: MembershipView[] = rows.flatMap((r) =>
    r.tenantId && r.tenantName !== null && r.role && r.suspended !== null
      ? [{ tenantId: r.tenantId, tenantName: r.tenantName, role: r.role, suspended: r.suspended }]
      : [],
  );
  return { user: first.user, live: Boolean(first.live), memberships: list };
}

/**
 * Ends every session of the user but `keepFamily` (the one making the change, when there is one).
 * Call it in the transaction that first updated the user's row: a refresh rotation holds that
 * row's lock while it claims and re-issues (lockUserForRotation), so it cannot slip a new token
 * past the revocation.
 */
export async function revokeUserSessions(db: Db, userId: string, keepFamily: string | null = null): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined));
}
