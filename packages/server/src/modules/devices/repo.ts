import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import type { CommercialData } from '@netloom/domain';
import type { Db } from '../../db/client';
import { deviceMetrics, deviceSystemMetrics } from '../../db/read-models/device-telemetry';
import { devices } from '../../db/read-models/devices';
import { tenants } from '../../db/read-models/identity';
import { commercialData } from '../../db/schema/commercial-data';
import { ROW_COLUMNS, type DeviceRecord, type ListedDevice } from '../../fleet/device-row';
import { deviceListOrder, deviceListWhere, type DeviceListSpec } from './list-query';
export { updateDevice, unclaimDevice, readmitDevice } from '../../fleet/repo';
export { setEnrolmentKeyIfNone, setEnrolmentKey } from '../../identity/repo';

/** Every query here takes the tenant first; an unclaimed device is out of the inventory. */
const inTenant = (tenantId: string, id: string) => and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.claimed, true));

// Only what a device row shows: the credential hash and the rest never leave the database here.
const ROW_SELECTION = Object.fromEntries(ROW_COLUMNS.map((key) => [key, devices[key]])) as { [K in (typeof ROW_COLUMNS)[number]]: (typeof devices)[K] };

/** One page of the device list (filter, search, sort, page) and the total, which rides along as a window count. */
export async function listDevices(db: Db, spec: DeviceListSpec): Promise<{ rows: ListedDevice[]; total: number }> {
  const page = db
    .select({ ...ROW_SELECTION, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(devices)
    .where(deviceListWhere(spec))
    .orderBy(...deviceListOrder(spec))
    .offset(spec.offset)
    .$dynamic();
  const rows = await (spec.limit === null ? page : page.limit(spec.limit));
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (spec.offset === 0) return { rows: [], total: 0 };
  // A page past the end has no row to carry the total.
  const [totalRow] = await db.select({ total: count() }).from(devices).where(deviceListWhere(spec));
  return { rows: [], total: totalRow?.total ?? 0 };
}

export async function findDevice(db: Db, tenantId: string, id: string): Promise<DeviceRecord | undefined> {
  const [row] = await db.select().from(devices).where(inTenant(tenantId, id));
  return row;
}

export async function adminDevices(db: Db, tenantId: string) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      macAddress: devices.macAddress,
      deviceStatus: devices.deviceStatus,
      geographicalZone: devices.geographicalZone,
    })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true)))
    .orderBy(asc(sql`lower(${devices.name})`), asc(devices.id));
}

export async function userDevices(db: Db, tenantId: string, username: string): Promise<DeviceRecord[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), eq(sql`lower(${devices.username})`, username.toLowerCase())))
    .orderBy(asc(sql`lower(${devices.name})`), asc(devices.id));
}

export async function metricsSince(db: Db, deviceId: string, since: Date) {
  return db
    .select()
    .from(deviceMetrics)
    .where(and(eq(deviceMetrics.deviceId, deviceId), gte(deviceMetrics.at, since)))
    .orderBy(asc(deviceMetrics.ifname), asc(deviceMetrics.at));
}

export async function systemMetricsSince(db: Db, deviceId: string, since: Date) {
  return db
    .select({ at: deviceSystemMetrics.at, cpuPct: deviceSystemMetrics.cpuPct, memoryPct: deviceSystemMetrics.memoryPct })
    .from(deviceSystemMetrics)
    .where(and(eq(deviceSystemMetrics.deviceId, deviceId), gte(deviceSystemMetrics.at, since)))
    .orderBy(asc(deviceSystemMetrics.at));
}

export async function findCommercialData(db: Db, tenantId: string): Promise<CommercialData> {
  const [row] = await db.select({ data: commercialData.data }).from(commercialData).where(eq(commercialData.tenantId, tenantId));
  return (row?.data ?? {}) as CommercialData;
}

export async function upsertCommercialData(db: Db, tenantId: string, data: CommercialData, at: Date): Promise<void> {
  await db
    .insert(commercialData)
    .values({ tenantId, data, updatedAt: at })
    .onConflictDoUpdate({ target: commercialData.tenantId, set: { data, updatedAt: at } });
}

export async function findEnrolmentKey(db: Db, tenantId: string): Promise<string | null> {
  const [row] = await db.select({ key: tenants.enrolmentKey }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.key ?? null;
}
