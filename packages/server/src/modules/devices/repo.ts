import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { CommercialData } from '@netloom/domain';
import type { Db } from '../../db/client';
import { commercialData, deviceJobs, deviceMetrics, devices, deviceSystemMetrics, tenants, type JobKind } from '../../db/schema/index';
import { ROW_COLUMNS, type DeviceRecord, type ListedDevice } from '../../fleet/device-row';
import { deviceListOrder, deviceListWhere, type DeviceListSpec } from './list-query';

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

export async function updateDevice(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<typeof devices.$inferInsert>,
  opts: { includeUnclaimed?: boolean } = {},
): Promise<DeviceRecord | undefined> {
  const where = opts.includeUnclaimed ? and(eq(devices.tenantId, tenantId), eq(devices.id, id)) : inTenant(tenantId, id);
  const [row] = await db.update(devices).set(patch).where(where).returning();
  return row;
}

/**
 * Takes the device out of the inventory with its approval and credential, and starts its next life
 * there (enrolment): what a connection of this life still holds is never written afterwards.
 */
export async function unclaimDevice(db: Db, tenantId: string, id: string): Promise<DeviceRecord | undefined> {
  const [row] = await db
    .update(devices)
    .set({ claimed: false, approved: false, credentialHash: null, enrolment: sql`${devices.enrolment} + 1` })
    .where(inTenant(tenantId, id))
    .returning();
  return row;
}

/** Withdraws the device's open jobs: 'cancelled', not 'failed', since the device did not fail them. */
export async function cancelOpenJobs(db: Db, deviceId: string, why: string): Promise<void> {
  await db
    .update(deviceJobs)
    .set({ state: 'cancelled', result: why, doneAt: new Date() })
    .where(and(eq(deviceJobs.deviceId, deviceId), inArray(deviceJobs.state, ['queued', 'sent'])));
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

export async function insertJob(db: Db, job: { tenantId: string; deviceId: string; kind: JobKind; createdBy: string }): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(deviceJobs).values({ id, ...job, state: 'queued' });
  return id;
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

/** Sets the key only where none is set: null when another request set one first. */
export async function setEnrolmentKeyIfNone(db: Db, tenantId: string, key: string): Promise<string | null> {
  const [row] = await db
    .update(tenants)
    .set({ enrolmentKey: key })
    .where(and(eq(tenants.id, tenantId), isNull(tenants.enrolmentKey)))
    .returning({ key: tenants.enrolmentKey });
  return row?.key ?? null;
}

export async function setEnrolmentKey(db: Db, tenantId: string, key: string): Promise<void> {
  await db.update(tenants).set({ enrolmentKey: key }).where(eq(tenants.id, tenantId));
}
