import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StatusKind } from '@netloom/domain';
import type { Db } from '../../db/client';
import { deviceJobs, devices, deviceStatusSnapshots } from '../../db/schema/index';

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
    .select({ deviceId: devices.id, deviceName: devices.name, at: deviceStatusSnapshots.at, data: deviceStatusSnapshots.data })
    .from(deviceStatusSnapshots)
    .innerJoin(devices, eq(devices.id, deviceStatusSnapshots.deviceId))
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), eq(deviceStatusSnapshots.kind, kind)))
    .orderBy(asc(devices.name));
}

/** An open request for the same snapshot: asking again while one is on its way queues nothing new. */
export async function openStatusJob(db: Db, deviceId: string, kind: StatusKind): Promise<string | undefined> {
  const rows = await db
    .select({ id: deviceJobs.id, payload: deviceJobs.payload })
    .from(deviceJobs)
    .where(and(eq(deviceJobs.deviceId, deviceId), eq(deviceJobs.kind, 'status'), inArray(deviceJobs.state, ['queued', 'sent'])));
  return rows.find((r) => r.payload.kind === kind)?.id;
}

export async function insertStatusJob(db: Db, job: { tenantId: string; deviceId: string; kind: StatusKind; createdBy: string }): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insert(deviceJobs)
    .values({ id, tenantId: job.tenantId, deviceId: job.deviceId, kind: 'status', payload: { kind: job.kind }, createdBy: job.createdBy });
  return id;
}
