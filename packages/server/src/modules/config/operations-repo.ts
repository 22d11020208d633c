import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { configOperationDevices, configOperations } from '../../db/schema/config';

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

/** The tenant's operations, newest first, a page of them. */
export async function listOperations(db: Db, tenantId: string, page: { offset: number; limit: number | null }) {
  const query = db
    .select()
    .from(configOperations)
    .where(eq(configOperations.tenantId, tenantId))
    .orderBy(desc(configOperations.createdAt), desc(configOperations.id))
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db.select({ n: count() }).from(configOperations).where(eq(configOperations.tenantId, tenantId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Each device of the operation with its push's job and whether the device is connected now. */
export async function operationDevices(db: Db, id: string) {
  return operationsDevices(db, [id]);
}

/** The devices of several operations, as operationDevices gives them, each with its operation. */
export async function operationsDevices(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      operationId: configOperationDevices.operationId,
      deviceId: configOperationDevices.deviceId,
      name: devices.name,
      deviceStatus: devices.deviceStatus,
      outcome: configOperationDevices.outcome,
      error: configOperationDevices.error,
      jobId: configOperationDevices.jobId,
    })
    .from(configOperationDevices)
    .innerJoin(devices, eq(devices.id, configOperationDevices.deviceId))
    .where(inArray(configOperationDevices.operationId, ids))
    .orderBy(devices.name);
}
