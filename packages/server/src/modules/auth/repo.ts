import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { holdsSweepLock } from '../../db/periodic-sweep';
import { refreshTokens, users } from '../../db/read-models/identity';
import { scimUsers } from '../../db/read-models/scim';
import { oneTimeTokens, type OneTimePurpose } from '../../db/schema/one-time-tokens';
import { recoveryCodes } from '../../db/schema/recovery-codes';
import { serverSecrets } from '../../db/schema/secrets';
import { deleteExpiredRefreshTokens } from '../../identity/repo';
export { insertRefreshToken, claimRefreshToken, revokeFamily, claimTotpStep, createOrganisation } from '../../identity/repo';

import type { RefreshRow } from '../../identity/repo';
export type { RefreshRow };

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Waits for any transaction that is changing the user (and revoking sessions) to finish. */
export async function lockUserForRotation(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('share');
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

/** Deletes refresh tokens and e-mailed links that expired before `before`; returns how many went. */
export async function pruneExpiredTokens(db: Db, before: Date, usesLock: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    if (usesLock && !(await holdsSweepLock(tx, 'expiredTokens'))) return 0;
    const refresh = await deleteExpiredRefreshTokens(tx, before);
    const links = await tx.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, before)).returning({ id: oneTimeTokens.id });
    return refresh + links.length;
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

/** Whether an identity provider manages the account over SCIM (created or linked it). */
export async function managedByScim(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: scimUsers.userId }).from(scimUsers).where(eq(scimUsers.userId, userId)).limit(1);
  return !!row;
}

/** Whether an identity provider created the account over SCIM: its person signs in through the provider. */
export async function provisionedByScim(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: scimUsers.userId })
    .from(scimUsers)
    .where(and(eq(scimUsers.userId, userId), eq(scimUsers.provisioned, true)))
    .limit(1);
  return !!row;
}
