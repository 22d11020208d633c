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
  /** Out of the inventory: its traffic still counts, but nothing links to its pages, which are gone. */
  removed: boolean;
}

export const REMOVED_DEVICE = 'Removed device';

/**
 * The naming of the tenant's devices among these ids (the Top Talkers' labels). The label weighs
 * the whole inventory, not the ids alone: a top 5 that shows one 'branch' of two must still say
 * which. A removed device is 'Removed device' with its serial, so two removed devices stay two.
 */
export async function deviceNames(db: Db, tenantId: string, ids: string[]): Promise<Map<string, DeviceNaming>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: devices.id, name: devices.name, serial: devices.serial, claimed: devices.claimed })
    .from(devices)
    .where(eq(devices.tenantId, tenantId));
  const labels = deviceLabels(rows.filter((d) => d.claimed));
  const wanted = new Set(ids);
  return new Map(
    rows
      .filter((d) => wanted.has(d.id))
      .map((d) => [
        d.id,
        d.claimed
          ? { name: d.name, serial: d.serial, label: labels.get(d.id) ?? d.name, removed: false }
          : { name: REMOVED_DEVICE, serial: d.serial, label: `${REMOVED_DEVICE} · ${d.serial}`, removed: true },
      ]),
  );
}
