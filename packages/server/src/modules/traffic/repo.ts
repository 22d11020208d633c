import { and, eq, inArray } from 'drizzle-orm';
import { devices } from '../../db/read-models/devices';
import { networks } from '../../db/read-models/networks';
import type { Db } from '../../db/client';

/** The tenant's device, or undefined (another tenant's answers the same as none). */
export async function findDevice(db: Db, tenantId: string, deviceId: string) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.tenantId, tenantId), eq(devices.claimed, true)));
  return row;
}

/** The devices of one of the tenant's device groups, or null when the group is not the tenant's. */
export async function devicesOfNetwork(db: Db, tenantId: string, networkId: string): Promise<string[] | null> {
  const [network] = await db
    .select({ id: networks.id })
    .from(networks)
    .where(and(eq(networks.id, networkId), eq(networks.tenantId, tenantId)));
  if (!network) return null;
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.networkId, networkId)));
  return rows.map((r) => r.id);
}

/** Names of the tenant's devices among these ids (the Top Talkers' labels); removed ones are not the tenant's any more. */
export async function deviceNames(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), inArray(devices.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
