import { and, asc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DashboardLayout, DashboardProduct, Role } from '@netloom/domain';
import type { Db } from '../db/client';
import { newEnrolmentKey } from '../fleet/credentials';
import { memberships } from '../db/schema/memberships';
import { refreshTokens } from '../db/schema/refresh-tokens';
import { tenants, type OrganisationProfile } from '../db/schema/tenants';
import { users } from '../db/schema/users';

/**
 * The identity core: who a user is, which tenants they belong to and whether their session is
 * live. Authentication, the team pages, the super admin and the request preamble all read these;
 * it alone writes them (members-repo.ts: the accounts and memberships the team pages and the demo
 * seed make and change), and the modules that own the flows (sign-in, invitations) call it.
 */

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;
export type RefreshRow = typeof refreshTokens.$inferSelect;

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

export async function insertRefreshToken(db: Db, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/**
 * Marks a live token as used, atomically: of two concurrent refreshes with one token, only one
 * gets the row back. Undefined means the token is unknown, expired, revoked or already rotated.
 */
export async function claimRefreshToken(db: Db, tokenHash: string): Promise<RefreshRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .returning();
  return row;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Spends a TOTP time step: the code is accepted only if its step is later than the last one
 * accepted for the user, in one conditional update, so two parallel uses of one code (on any
 * instances) cannot both pass. `enable` also turns 2FA on, only if it was pending.
 */
export async function claimTotpStep(db: Db, input: { userId: string; secret: string; step: number; enable?: boolean }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: input.step, ...(input.enable ? { twoFactorEnabled: true } : {}) })
    .where(
      and(
        eq(users.id, input.userId),
        eq(users.twoFactorSecret, input.secret),
        eq(users.twoFactorEnabled, !input.enable),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, input.step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Sign-up: a new organisation with its first (inactive) owner; run it in the caller's transaction. */
export async function createOrganisation(
  tx: Db,
  input: { user: typeof users.$inferInsert & { id: string }; tenantName: string; subscriptions: string[] },
): Promise<{ tenantId: string }> {
  const tenantId = crypto.randomUUID();
  await tx.insert(tenants).values({ id: tenantId, name: input.tenantName, subscriptions: input.subscriptions });
  await tx.insert(users).values(input.user);
  await tx.insert(memberships).values({ userId: input.user.id, tenantId, role: 'owner' });
  return { tenantId };
}

/** Deletes the refresh tokens that expired before `before` (the token retention sweep); returns how many went. */
export async function deleteExpiredRefreshTokens(tx: Db, before: Date): Promise<number> {
  const gone = await tx.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before)).returning({ id: refreshTokens.id });
  return gone.length;
}

/** Merged into what is stored, so keys these settings do not carry (the dashboard layouts) stay. */
export async function saveSettings(db: Db, tenantId: string, settings: TenantRow['settings']): Promise<void> {
  await db
    .update(tenants)
    .set({ settings: sql`${tenants.settings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(tenants.id, tenantId));
}

export async function saveOrganisation(db: Db, tenantId: string, organisation: OrganisationProfile): Promise<void> {
  await db.update(tenants).set({ organisation }).where(eq(tenants.id, tenantId));
}

/** Writes one product's layout (null removes it), leaving every other setting as it is. */
export async function saveDashboardLayout(db: Db, tenantId: string, product: DashboardProduct, layout: DashboardLayout | null): Promise<void> {
  const layouts = sql`coalesce(${tenants.settings} -> 'dashboardLayout', '{}'::jsonb)`;
  const next = layout ? sql`${layouts} || jsonb_build_object(${product}::text, ${JSON.stringify(layout)}::jsonb)` : sql`${layouts} - ${product}::text`;
  await db
    .update(tenants)
    .set({ settings: sql`${tenants.settings} || jsonb_build_object('dashboardLayout', ${next})` })
    .where(eq(tenants.id, tenantId));
}

/** Sets the key only where none is set: null when another request set one first. */
export async function setEnrolmentKeyIfNone(db: Db, tenantId: string, key: string): Promise<string | null> {
  const [row] = await db
    .update(tenants)
    .set({ enrolmentKey: key })
    .where(and(eq(tenants.id, tenantId), isNull(tenants.enrolmentKey)))
    .returning({ key: tenants.enrolmentKey });
  return row?.key ?? null;
}

export async function setEnrolmentKey(db: Db, tenantId: string, key: string): Promise<void> {
  await db.update(tenants).set({ enrolmentKey: key }).where(eq(tenants.id, tenantId));
}

/** A new tenant with an enrolment key of its own, and its first (invited) owner if one is named. */
export async function insertTenant(
  db: Db,
  t: { id: string; name: string; subscriptions: string[]; allProductAccess?: boolean; settings?: TenantRow['settings'] },
  owner: { id: string; email: string } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tenants).values({ ...t, enrolmentKey: newEnrolmentKey() });
    if (owner) {
      await tx.insert(users).values({ id: owner.id, email: owner.email, username: owner.email, companyName: t.name, passwordHash: null, active: false });
      await tx.insert(memberships).values({ userId: owner.id, tenantId: t.id, role: 'owner' });
    }
  });
}

export async function updateTenant(
  db: Db,
  id: string,
  patch: Partial<Pick<TenantRow, 'name' | 'subscriptions' | 'allProductAccess' | 'suspended'>>,
): Promise<void> {
  await db.update(tenants).set(patch).where(eq(tenants.id, id));
}

/**
 * Removes a tenant row (its rows go by cascade) and the accounts of its members that belong to no
 * other tenant (super admins keep theirs); run it in the caller's transaction.
 */
export async function deleteTenantWithItsOnlyMembers(tx: Db, tenantId: string): Promise<void> {
  const only = sql`${users.id} in (select m.user_id from ${memberships} m where m.tenant_id = ${tenantId})
      and not exists (select 1 from ${memberships} o where o.user_id = "users"."id" and o.tenant_id <> ${tenantId})`;
  await tx.delete(users).where(and(eq(users.isSuperAdmin, false), only));
  await tx.delete(tenants).where(eq(tenants.id, tenantId));
}
