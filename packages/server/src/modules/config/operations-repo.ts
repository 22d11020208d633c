import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configOperationDevices, configOperations, deviceJobs, devices } from '../../db/schema/index';

export type OperationRow = typeof configOperations.$inferSelect;

export async function insertOperation(tx: Db, op: typeof configOperations.$inferInsert, rows: (typeof configOperationDevices.$inferInsert)[]) {
  await tx.insert(configOperations).values(op);
  if (rows.length) await tx.insert(configOperationDevices).values(rows);
}

export async function findOperation(db: Db, tenantId: string, id: string): Promise<OperationRow | undefined> {
  const [row] = await db
    .select()
    .from(configOperations)
    .where(and(eq(configOperations.tenantId, tenantId), eq(configOperations.id, id)));
  return row;
}

/** Each device of the operation with its push job's state and whether the device is connected now. */
export async function operationDevices(db: Db, id: string) {
  return db
    .select({
      deviceId: configOperationDevices.deviceId,
      name: devices.name,
      deviceStatus: devices.deviceStatus,
      outcome: configOperationDevices.outcome,
      error: configOperationDevices.error,
      jobState: deviceJobs.state,
      jobResult: deviceJobs.result,
    })
    .from(configOperationDevices)
    .innerJoin(devices, eq(devices.id, configOperationDevices.deviceId))
    .leftJoin(deviceJobs, eq(deviceJobs.id, configOperationDevices.jobId))
    .where(eq(configOperationDevices.operationId, id))
    .orderBy(devices.name);
}
