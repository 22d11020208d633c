import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatReadMarkers, chatSettings } from '../../db/schema/chat';
import { tenants } from '../../db/read-models/identity';

export type StoredChatMessage = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;

export async function insertMessage(db: Db, row: NewChatMessage): Promise<StoredChatMessage> {
  const [stored] = await db.insert(chatMessages).values(row).returning();
  return stored!;
}

/** A channel's newest `limit` messages (before a time, for older pages), newest first, and whether older ones exist. */
export async function latest(
  db: Db,
  tenantId: string,
  channel: string,
  limit: number,
  before?: Date,
): Promise<{ rows: StoredChatMessage[]; hasMore: boolean }> {
  const where = and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.channel, channel), before ? lt(chatMessages.createdAt, before) : undefined);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(where)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** When the person last read the channel (null: never). */
async function readAt(db: Db, tenantId: string, userId: string, channel: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: chatReadMarkers.readAt })
    .from(chatReadMarkers)
    .where(and(eq(chatReadMarkers.tenantId, tenantId), eq(chatReadMarkers.userId, userId), eq(chatReadMarkers.channel, channel)));
  return row?.at ?? null;
}

/** Messages of others the person has not read: sent after their marker, by anyone but them. */
export async function unread(db: Db, tenantId: string, userId: string, channel: string): Promise<number> {
  const at = await readAt(db, tenantId, userId, channel);
  const parts: (SQL | undefined)[] = [
    eq(chatMessages.tenantId, tenantId),
    eq(chatMessages.channel, channel),
    or(isNull(chatMessages.authorId), ne(chatMessages.authorId, userId)),
    at ? gt(chatMessages.createdAt, at) : undefined,
  ];
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(...parts));
  return row?.n ?? 0;
}

/** The marker only moves forward: a late call with an older time changes nothing. */
export async function markRead(db: Db, tenantId: string, userId: string, channel: string, at: Date): Promise<void> {
  await db
    .insert(chatReadMarkers)
    .values({ tenantId, userId, channel, readAt: at })
    .onConflictDoUpdate({
      target: [chatReadMarkers.tenantId, chatReadMarkers.userId, chatReadMarkers.channel],
      set: { readAt: sql`greatest(${chatReadMarkers.readAt}, excluded.read_at)` },
    });
}

export interface InboxRow {
  tenantId: string;
  tenantName: string;
  last: StoredChatMessage;
  unread: number;
}

/**
 * Every tenant whose channel has messages, the most recent conversation first: its last message
 * and how many of the tenant's messages the support person has not read.
 */
export async function inbox(db: Db, channel: string, supportUserId: string): Promise<InboxRow[]> {
  const last = await db
    .selectDistinctOn([chatMessages.tenantId])
    .from(chatMessages)
    .where(eq(chatMessages.channel, channel))
    .orderBy(chatMessages.tenantId, desc(chatMessages.createdAt), desc(chatMessages.id));
  if (last.length === 0) return [];
  const names = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(
      inArray(
        tenants.id,
        last.map((m) => m.tenantId),
      ),
    );
  const nameOf = new Map(names.map((t) => [t.id, t.name]));
  const counts = await db
    .select({ tenantId: chatMessages.tenantId, n: count() })
    .from(chatMessages)
    .leftJoin(
      chatReadMarkers,
      and(eq(chatReadMarkers.tenantId, chatMessages.tenantId), eq(chatReadMarkers.channel, chatMessages.channel), eq(chatReadMarkers.userId, supportUserId)),
    )
    .where(
      and(
        eq(chatMessages.channel, channel),
        eq(chatMessages.fromSupport, false),
        or(isNull(chatReadMarkers.readAt), gt(chatMessages.createdAt, chatReadMarkers.readAt)),
      ),
    )
    .groupBy(chatMessages.tenantId);
  const unreadOf = new Map(counts.map((c) => [c.tenantId, c.n]));
  return last
    .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())
    .map((m) => ({ tenantId: m.tenantId, tenantName: nameOf.get(m.tenantId) ?? '', last: m, unread: unreadOf.get(m.tenantId) ?? 0 }));
}

export async function retentionDays(db: Db): Promise<number | null> {
  const [row] = await db.select({ days: chatSettings.retentionDays }).from(chatSettings).where(eq(chatSettings.id, 1));
  return row?.days ?? null;
}

export async function setRetentionDays(db: Db, days: number, at: Date): Promise<void> {
  await db
    .insert(chatSettings)
    .values({ id: 1, retentionDays: days, updatedAt: at })
    .onConflictDoUpdate({ target: chatSettings.id, set: { retentionDays: days, updatedAt: at } });
}

/** Removes messages sent before the time; answers how many. */
export async function purgeBefore(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(chatMessages).where(lt(chatMessages.createdAt, before)).returning({ id: chatMessages.id });
  return gone.length;
}
