import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { networks } from '../../db/schema/networks';
import { devices } from '../../db/read-models/devices';
import type { DeviceRecord } from '../../fleet/device-row';
import { ungroupDevices } from '../../fleet/repo';
export { setMembers } from '../../fleet/repo';

export type NetworkRecord = typeof networks.$inferSelect;
export interface NetworkView {
  id: string;
  networkName: string;
  devices: number;
}

// Spelled out: drizzle may render a column of the outer table unqualified, which the subquery would capture.
const memberCount = sql<number>`(select count(*) from devices d where d.network_id = "networks"."id" and d.claimed)`.mapWith(Number);

/** Groups of a tenant with how many (claimed) devices each holds, by name. */
export async function listNetworks(db: Db, tenantId: string): Promise<NetworkView[]> {
  return db
    .select({ id: networks.id, networkName: networks.name, devices: memberCount })
    .from(networks)
    .where(eq(networks.tenantId, tenantId))
    .orderBy(asc(sql`lower(${networks.name})`), asc(networks.id));
}

export async function findNetwork(db: Db, tenantId: string, id: string): Promise<NetworkView | undefined> {
  const [row] = await db
    .select({ id: networks.id, networkName: networks.name, devices: memberCount })
    .from(networks)
    .where(and(eq(networks.tenantId, tenantId), eq(networks.id, id)));
  return row;
}

/** Another group of the tenant with this name, ignoring case (the unique index's rule). */
export async function nameTaken(db: Db, tenantId: string, name: string, exceptId: string | null = null): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(networks)
    .where(
      and(eq(networks.tenantId, tenantId), eq(sql`lower(${networks.name})`, name.toLowerCase()), exceptId ? sql`${networks.id} <> ${exceptId}` : undefined),
    );
  return (row?.n ?? 0) > 0;
}

export async function insertNetwork(db: Db, tenantId: string, name: string): Promise<NetworkRecord> {
  const [row] = await db.insert(networks).values({ id: crypto.randomUUID(), tenantId, name }).returning();
  return row!;
}

export async function renameNetwork(db: Db, tenantId: string, id: string, name: string): Promise<boolean> {
  const rows = await db
    .update(networks)
    .set({ name })
    .where(and(eq(networks.tenantId, tenantId), eq(networks.id, id)))
    .returning({ id: networks.id });
  return rows.length > 0;
}

/** Deletes a group; its devices fall back to no group. Answers the devices that moved. */
export async function deleteNetwork(db: Db, tenantId: string, id: string): Promise<DeviceRecord[]> {
  return db.transaction(async (tx) => {
    const moved = await ungroupDevices(tx, tenantId, id);
    await tx.delete(networks).where(and(eq(networks.tenantId, tenantId), eq(networks.id, id)));
    return moved.filter((d) => d.claimed);
  });
}

/** The groups these devices are in now (before a move takes them elsewhere). */
export async function groupsOf(db: Db, tenantId: string, deviceIds: string[]): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ networkId: devices.networkId })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, deviceIds), isNotNull(devices.networkId)));
  return rows.flatMap((r) => (r.networkId ? [r.networkId] : []));
}
