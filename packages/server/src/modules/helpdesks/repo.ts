import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { helpdeskIntegrations } from '../../db/schema/helpdesks';

export type StoredIntegration = typeof helpdeskIntegrations.$inferSelect;
/** Whose integration: a tenant's own, or the provider's for every tenant. */
export const PROVIDER = 'provider';

export async function find(db: Db, owner: string): Promise<StoredIntegration | null> {
  const [row] = await db.select().from(helpdeskIntegrations).where(eq(helpdeskIntegrations.owner, owner));
  return row ?? null;
}

/** The tenant's own and the provider's, in one read. */
export async function findBoth(db: Db, tenantId: string): Promise<{ own: StoredIntegration | null; provider: StoredIntegration | null }> {
  const rows = await db
    .select()
    .from(helpdeskIntegrations)
    .where(inArray(helpdeskIntegrations.owner, [tenantId, PROVIDER]));
  return { own: rows.find((r) => r.owner === tenantId) ?? null, provider: rows.find((r) => r.owner === PROVIDER) ?? null };
}

export async function save(
  db: Db,
  row: { owner: string; tenantId: string | null; type: string; credentials: string; webhookToken: string },
  at: Date,
): Promise<StoredIntegration> {
  const [stored] = await db
    .insert(helpdeskIntegrations)
    .values({ ...row, createdAt: at, updatedAt: at, checkedAt: at })
    .onConflictDoUpdate({
      target: helpdeskIntegrations.owner,
      set: { type: row.type, credentials: row.credentials, webhookToken: row.webhookToken, updatedAt: at, checkedAt: at },
    })
    .returning();
  return stored!;
}

/** Removes the owner's integration if it is of this type; answers whether one went. */
export async function remove(db: Db, owner: string, type: string): Promise<boolean> {
  const gone = await db
    .delete(helpdeskIntegrations)
    .where(and(eq(helpdeskIntegrations.owner, owner), eq(helpdeskIntegrations.type, type)))
    .returning({ owner: helpdeskIntegrations.owner });
  return gone.length > 0;
}

/** The integration a webhook token names. */
export async function findByWebhookToken(db: Db, token: string): Promise<StoredIntegration | null> {
  const [row] = await db.select().from(helpdeskIntegrations).where(eq(helpdeskIntegrations.webhookToken, token));
  return row ?? null;
}
