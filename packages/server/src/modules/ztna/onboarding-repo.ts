import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { ztnaEndpointEnrolments, ztnaEnrolmentKeys, ztnaInvites } from '../../db/schema/ztna';

export type KeyRow = typeof ztnaEnrolmentKeys.$inferSelect;

export async function listKeys(db: Db, tenantId: string): Promise<KeyRow[]> {
  return db
    .select()
    .from(ztnaEnrolmentKeys)
    .where(eq(ztnaEnrolmentKeys.tenantId, tenantId))
    .orderBy(desc(ztnaEnrolmentKeys.createdAt), asc(ztnaEnrolmentKeys.id));
}

export async function findKey(db: Db, tenantId: string, id: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(ztnaEnrolmentKeys)
    .where(and(eq(ztnaEnrolmentKeys.tenantId, tenantId), eq(ztnaEnrolmentKeys.id, id)));
  return row;
}

export async function insertKeys(tx: Db, rows: (typeof ztnaEnrolmentKeys.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(ztnaEnrolmentKeys).values(rows);
}

/** Revoked once; revoking again keeps the first time. */
export async function revokeKey(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx
    .update(ztnaEnrolmentKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(ztnaEnrolmentKeys.tenantId, tenantId), eq(ztnaEnrolmentKeys.id, id), isNull(ztnaEnrolmentKeys.revokedAt)));
}

/** The key goes with its invites; endpoints it enrolled stay, no longer naming it. */
export async function deleteKey(tx: Db, tenantId: string, id: string): Promise<boolean> {
  const gone = await tx
    .delete(ztnaEnrolmentKeys)
    .where(and(eq(ztnaEnrolmentKeys.tenantId, tenantId), eq(ztnaEnrolmentKeys.id, id)))
    .returning({ id: ztnaEnrolmentKeys.id });
  return gone.length > 0;
}

/** A deleted security group is no longer joined by the clients a key enrols. */
export async function dropSecurityGroupFromKeys(tx: Db, tenantId: string, groupId: string): Promise<void> {
  await tx
    .update(ztnaEnrolmentKeys)
    .set({ securityGroups: sql`${ztnaEnrolmentKeys.securityGroups} - ${groupId}::text` })
    .where(and(eq(ztnaEnrolmentKeys.tenantId, tenantId), sql`${ztnaEnrolmentKeys.securityGroups} ? ${groupId}::text`));
}

export async function insertInvites(tx: Db, rows: (typeof ztnaInvites.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(ztnaInvites).values(rows);
}

export async function listInvites(db: Db, tenantId: string, ids?: string[]) {
  return db
    .select()
    .from(ztnaInvites)
    .where(and(eq(ztnaInvites.tenantId, tenantId), ids ? inArray(ztnaInvites.id, ids) : undefined))
    .orderBy(desc(ztnaInvites.createdAt), asc(ztnaInvites.email));
}

// ─── the inventory: enrolled (approved), pending or rejected endpoints ──────────────────────────

export type InventoryState = 'enrolled' | 'pending' | 'rejected';

/** Rejected endpoints left the inventory (unclaimed) and are kept out; the others are in it, approved or not. */
const inState = (state: InventoryState): SQL =>
  state === 'rejected'
    ? and(eq(devices.claimed, false), isNotNull(devices.rejectedAt))!
    : and(eq(devices.claimed, true), eq(devices.approved, state === 'enrolled'))!;

export async function inventoryPage(db: Db, tenantId: string, q: { state: InventoryState; search?: string; offset: number; limit: number | null }) {
  const where: SQL[] = [eq(devices.tenantId, tenantId), eq(devices.kind, 'endpoint'), inState(q.state)];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(devices.name, like), ilike(devices.username, like), ilike(devices.serial, like))!);
  }
  const [total] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(...where));
  const base = db
    .select({
      id: devices.id,
      name: devices.name,
      user: sql<string | null>`lower(${devices.username})`,
      os: devices.os,
      posture: devices.posture,
      approved: devices.approved,
      version: devices.version,
      deviceStatus: devices.deviceStatus,
      lastSeenAt: devices.lastSeenAt,
      publicIp: devices.publicIp,
      configHash: devices.configHash,
      appliedConfigHash: devices.appliedConfigHash,
      createdAt: devices.createdAt,
      configPush: devices.configPush,
      configPushError: devices.configPushError,
      keyName: ztnaEnrolmentKeys.name,
    })
    .from(devices)
    .leftJoin(ztnaEndpointEnrolments, eq(ztnaEndpointEnrolments.deviceId, devices.id))
    .leftJoin(ztnaEnrolmentKeys, eq(ztnaEnrolmentKeys.id, ztnaEndpointEnrolments.keyId))
    .where(and(...where))
    .orderBy(desc(devices.createdAt), asc(devices.id))
    .offset(q.offset);
  const rows = q.limit === null ? await base : await base.limit(q.limit);
  return { rows, total: total?.n ?? 0 };
}

/** Which of these ids are endpoints of the tenant (in the inventory, or rejected), and whether each is approved or rejected. */
export async function endpointStates(db: Db, tenantId: string, ids: string[]): Promise<Map<string, { approved: boolean; rejected: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, approved: devices.approved, claimed: devices.claimed })
    .from(devices)
    .where(
      and(eq(devices.tenantId, tenantId), eq(devices.kind, 'endpoint'), inArray(devices.id, ids), or(eq(devices.claimed, true), isNotNull(devices.rejectedAt))),
    );
  return new Map(rows.map((r) => [r.id, { approved: r.approved, rejected: !r.claimed }]));
}
