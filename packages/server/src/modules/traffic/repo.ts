import { and, eq } from 'drizzle-orm';
import { deviceLabels } from '@netloom/domain';
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

/** What the charts call a device: its name, its serial, and the label that tells it from the others of its name. */
export interface DeviceNaming {
  name: string;
  serial: string;
  label: string;
}

/**
 * The naming of the tenant's devices among these ids (the Top Talkers' labels); removed ones are
 * not the tenant's any more. The label weighs the whole fleet, not the ids alone: a top 5 that
 * shows one 'branch' of two must still say which.
 */
export async function deviceNames(db: Db, tenantId: string, ids: string[]): Promise<Map<string, DeviceNaming>> {
  if (ids.length === 0) return new Map();
  const fleet = await db
    .select({ id: devices.id, name: devices.name, serial: devices.serial })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true)));
  const labels = deviceLabels(fleet);
  const wanted = new Set(ids);
  return new Map(fleet.filter((d) => wanted.has(d.id)).map((d) => [d.id, { name: d.name, serial: d.serial, label: labels.get(d.id) ?? d.name }]));
}
