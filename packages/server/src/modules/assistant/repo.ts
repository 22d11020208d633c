import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AssistantVocabulary, ProfileVocabulary } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { memberships, users } from '../../db/read-models/identity';
import { networks } from '../../db/read-models/networks';
import { userGroups } from '../../db/read-models/user-groups';
import { ztnaRelays, ztnaServers } from '../../db/read-models/ztna';
import { assistantDrafts } from '../../db/schema/assistant';

/** The tenant's own names, and only its own: what the assistant may read a request against. */
async function shared(db: Db, tenantId: string) {
  const [groups, endpoints] = await Promise.all([
    db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups).where(eq(userGroups.tenantId, tenantId)),
    db
      .select({ id: devices.id, name: devices.name })
      .from(devices)
      .where(and(eq(devices.tenantId, tenantId), eq(devices.kind, 'endpoint'), eq(devices.claimed, true))),
  ]);
  return { groups, endpoints };
}

export async function webFilterVocabulary(db: Db, tenantId: string, timeZone: string): Promise<AssistantVocabulary> {
  const [{ groups, endpoints }, people, deviceGroups] = await Promise.all([
    shared(db, tenantId),
    db
      .select({ email: users.email, first: users.firstName, last: users.lastName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.tenantId, tenantId)),
    db.select({ id: networks.id, name: networks.name }).from(networks).where(eq(networks.tenantId, tenantId)),
  ]);
  return { groups, endpoints, deviceGroups, users: people.map((p) => ({ email: p.email.toLowerCase(), name: `${p.first} ${p.last}`.trim() })), timeZone };
}

export async function profileVocabulary(db: Db, tenantId: string): Promise<ProfileVocabulary> {
  const [{ groups, endpoints }, relays, servers] = await Promise.all([
    shared(db, tenantId),
    db.select({ id: ztnaRelays.id, name: ztnaRelays.name, body: ztnaRelays.body }).from(ztnaRelays).where(eq(ztnaRelays.tenantId, tenantId)),
    db.select({ id: ztnaServers.id, name: ztnaServers.name }).from(ztnaServers).where(eq(ztnaServers.tenantId, tenantId)),
  ]);
  return { groups, endpoints, servers, relays: relays.map((r) => ({ id: r.id, name: r.name, region: r.body.region })) };
}

export async function insertDraft(db: Db, row: typeof assistantDrafts.$inferInsert): Promise<void> {
  await db.insert(assistantDrafts).values(row);
}

/** Spends the person's unspent draft whose payload has this hash; answers it, or null. */
export async function spendDraft(db: Db, d: { id: string; tenantId: string; userId: string; payloadHash: string }, at: Date) {
  const [row] = await db
    .update(assistantDrafts)
    .set({ usedAt: at })
    .where(
      and(
        eq(assistantDrafts.id, d.id),
        eq(assistantDrafts.tenantId, d.tenantId),
        eq(assistantDrafts.userId, d.userId),
        eq(assistantDrafts.payloadHash, d.payloadHash),
        isNull(assistantDrafts.usedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Drafts are kept a month: long enough to read what was asked, not forever. */
export async function deleteDraftsBefore(db: Db, before: Date): Promise<number> {
  return (await db.delete(assistantDrafts).where(lt(assistantDrafts.createdAt, before)).returning({ id: assistantDrafts.id })).length;
}
