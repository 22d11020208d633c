import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices } from '../db/read-models/devices';
import { toDeviceRow } from '../fleet/device-row';
import type { DeviceRow } from '@netloom/domain';

export interface LiveFilter {
  networkId: string | null;
  kind: 'gateway' | 'endpoint' | null;
  deviceId: string | null;
}

/** The full device list a socket starts from (and gets again on every live request). */
export async function snapshotRows(db: Db, tenantId: string, filter: LiveFilter): Promise<DeviceRow[]> {
  const where: SQL[] = [eq(devices.tenantId, tenantId), eq(devices.claimed, true)];
  if (filter.networkId) where.push(eq(devices.networkId, filter.networkId));
  if (filter.kind) where.push(eq(devices.kind, filter.kind));
  if (filter.deviceId) where.push(eq(devices.id, filter.deviceId));
  const rows = await db
    .select()
    .from(devices)
    .where(and(...where))
    .orderBy(asc(devices.name));
  return rows.map(toDeviceRow);
}

export async function deviceInTenant(db: Db, tenantId: string, deviceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.tenantId, tenantId)))
    .limit(1);
  return rows.length > 0;
}
