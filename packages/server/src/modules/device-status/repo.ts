import { and, asc, eq } from 'drizzle-orm';
import type { StatusKind } from '@netloom/domain';
import type { Db } from '../../db/client';
import { deviceStatusSnapshots } from '../../db/read-models/device-telemetry';
import { devices } from '../../db/read-models/devices';

export async function findDevice(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: devices.id, approved: devices.approved })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.claimed, true)));
  return row;
}

export async function findSnapshot(db: Db, deviceId: string, kind: StatusKind) {
  const [row] = await db
    .select()
    .from(deviceStatusSnapshots)
    .where(and(eq(deviceStatusSnapshots.deviceId, deviceId), eq(deviceStatusSnapshots.kind, kind)));
  return row;
}

/** The newest snapshot of a kind of every claimed device of the tenant, by device name. */
export async function tenantSnapshots(db: Db, tenantId: string, kind: StatusKind) {
  return db
    .select({
      deviceId: devices.id,
      deviceName: devices.name,
      deviceStatus: devices.deviceStatus,
      lastSeenAt: devices.lastSeenAt,
      at: deviceStatusSnapshots.at,
      data: deviceStatusSnapshots.data,
    })
    .from(deviceStatusSnapshots)
    .innerJoin(devices, eq(devices.id, deviceStatusSnapshots.deviceId))
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), eq(deviceStatusSnapshots.kind, kind)))
    .orderBy(asc(devices.name));
}
