import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoSamlIds } from '../../db/schema/sso';

// SAML message ids: node-saml's request cache and the spent assertions, shared by every instance.

export async function saveSamlId(db: Db, row: { key: string; providerId: string; value: string; expiresAt: Date }): Promise<Date> {
  const [saved] = await db.insert(ssoSamlIds).values(row).onConflictDoNothing().returning({ createdAt: ssoSamlIds.createdAt });
  return saved?.createdAt ?? new Date();
}

/** The value of an id neither spent nor expired. */
export async function liveSamlId(db: Db, key: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ value: ssoSamlIds.value })
    .from(ssoSamlIds)
    .where(and(eq(ssoSamlIds.key, key), isNull(ssoSamlIds.spentAt), gt(ssoSamlIds.expiresAt, now)));
  return row?.value ?? null;
}

export async function spendSamlId(db: Db, key: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(ssoSamlIds)
    .set({ spentAt: now })
    .where(and(eq(ssoSamlIds.key, key), isNull(ssoSamlIds.spentAt)))
    .returning({ value: ssoSamlIds.value });
  return row?.value ?? null;
}

/** Whether the id was ever recorded (an assertion seen before is a replay, spent or not). */
export async function samlIdKnown(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: ssoSamlIds.key }).from(ssoSamlIds).where(eq(ssoSamlIds.key, key));
  return row !== undefined;
}

/** Records an accepted assertion's id; false when another answer spent it first. */
export async function spendNewSamlId(db: Db, row: { key: string; providerId: string; value: string; expiresAt: Date; spentAt: Date }): Promise<boolean> {
  const rows = await db.insert(ssoSamlIds).values(row).onConflictDoNothing().returning({ key: ssoSamlIds.key });
  return rows.length > 0;
}
