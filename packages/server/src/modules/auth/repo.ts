import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { holdsSweepLock } from '../../db/periodic-sweep';
import { memberships, oneTimeTokens, recoveryCodes, refreshTokens, serverSecrets, tenants, users, type OneTimePurpose } from '../../db/schema/index';

export type RefreshRow = typeof refreshTokens.$inferSelect;

/** A session (refresh family) is live while none of its tokens has been revoked. */
export async function isSessionLive(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
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

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Waits for any transaction that is changing the user (and revoking sessions) to finish. */
export async function lockUserForRotation(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('share');
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

/** Whether the user has signed in from this address before (a session of theirs remembers it). */
export async function signedInFrom(db: Db, userId: string, ip: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.ip, ip)))
    .limit(1);
  return rows.length > 0;
}

/** Makes the user's unused links of one purpose unusable (a new password outdates reset links). */
export async function spendUserLinks(db: Db, userId: string, purpose: OneTimePurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

export async function insertOneTimeToken(db: Db, row: { userId: string; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(oneTimeTokens).values({ id: crypto.randomUUID(), ...row });
}

/** Uses a one-time token exactly once; undefined when unknown, expired, used or for another purpose. */
export async function consumeOneTimeToken(db: Db, tokenHash: string, purpose: OneTimePurpose): Promise<{ userId: string } | undefined> {
  const now = new Date();
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ userId: oneTimeTokens.userId });
  return row;
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

/** Deletes refresh tokens and e-mailed links that expired before `before`; returns how many went. */
export async function pruneExpiredTokens(db: Db, before: Date, usesLock: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    if (usesLock && !(await holdsSweepLock(tx, 'expiredTokens'))) return 0;
    const refresh = await tx.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before)).returning({ id: refreshTokens.id });
    const links = await tx.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, before)).returning({ id: oneTimeTokens.id });
    return refresh.length + links.length;
  });
}

/** The server secret under `name`: `value` is stored only if none was, so the first instance to start wins and every other reads its row. */
export async function storeSecretOnce(db: Db, name: string, value: string): Promise<string | undefined> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}

/** The user's recovery codes become exactly these hashes (none: 2FA turned off). */
export async function replaceRecoveryCodeHashes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ id: crypto.randomUUID(), userId, codeHash })));
}

/** Marks an unused code used; of two logins with one code, only one gets the row. */
export async function useRecoveryCodeHash(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
