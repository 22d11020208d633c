import { eq, inArray, lt, sql } from 'drizzle-orm';
import { withSettingDefaults, type StatusSnapshot } from '@netloom/domain';
import type { Db } from '../db/client';
import { holdsSweepLock } from '../db/periodic-sweep';
import { devices } from '../db/read-models/devices';
import { tenants } from '../db/read-models/identity';
import { ztnaEndpointEnrolments, ztnaEnrolmentKeys } from '../db/read-models/ztna';
import { deviceBatches, deviceMetrics, deviceStatusSnapshots, deviceSystemMetrics } from '../db/schema/device-telemetry';
import type { DeviceRecord } from '../fleet/device-row';
import { reviveUnclaimedDevice } from '../fleet/repo';
export { updateEnrolledDevice, markSilentDevicesOffline } from '../fleet/repo';

export async function findTenantByEnrolmentKey(db: Db, key: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.enrolmentKey, key));
  if (!row || row.suspended) return undefined;
  return { id: row.id, autoApprove: withSettingDefaults(row.settings).devReg_autoApprove };
}

/** A client enrolment key (onboarding › client) by its SHA-256; none for a suspended tenant's. */
export async function findClientKey(db: Db, keyHash: string) {
  const [row] = await db
    .select({ key: ztnaEnrolmentKeys, suspended: tenants.suspended })
    .from(ztnaEnrolmentKeys)
    .innerJoin(tenants, eq(tenants.id, ztnaEnrolmentKeys.tenantId))
    .where(eq(ztnaEnrolmentKeys.keyHash, keyHash));
  return row && !row.suspended ? row.key : undefined;
}
export type ClientKey = NonNullable<Awaited<ReturnType<typeof findClientKey>>>;

/** The key that enrolled a device, if one did. */
export async function enrolmentKeyOf(db: Db, deviceId: string): Promise<string | null> {
  const [row] = await db.select({ keyId: ztnaEndpointEnrolments.keyId }).from(ztnaEndpointEnrolments).where(eq(ztnaEndpointEnrolments.deviceId, deviceId));
  return row?.keyId ?? null;
}

export async function findDevice(db: Db, id: string): Promise<DeviceRecord | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row;
}

/**
 * A device removed from the inventory enrols again as a new one: nothing of its earlier life
 * carries over (approval, credential, deactivation, sequence numbers, the batches it sent), so a
 * reinstalled agent counting from 1 again is stored.
 */
export async function enrolAsNew(db: Db, id: string, patch: Partial<typeof devices.$inferInsert>): Promise<DeviceRecord | undefined> {
  return db.transaction(async (tx) => {
    await tx.delete(deviceBatches).where(eq(deviceBatches.deviceId, id));
    return reviveUnclaimedDevice(tx, id, patch);
  });
}

/**
 * Claims the keys of the flow, URL-event and session batches the analytics store is storing, in its
 * transaction: a key stored before (by another connection or instance) conflicts and is not
 * claimed again, and a batch of a device's earlier life in the inventory is not claimed (its seq
 * would hide the same seq of the reinstalled agent). Returns the keys claimed now: their batches
 * are the ones to store.
 */
export async function claimBatchKeys(tx: Db, keys: { deviceId: string; enrolment: number; seq: number }[]): Promise<{ deviceId: string; seq: number }[]> {
  const rows = keys.map((k) => ({ device_id: k.deviceId, enrolment: k.enrolment, seq: k.seq }));
  // Both drivers answer { rows }; the Db type, shared by the two, does not say so.
  const fresh = (await tx.execute(
    sql`insert into device_batches (device_id, seq)
        select b.device_id, b.seq from json_to_recordset(${JSON.stringify(rows)}::json) as b(device_id uuid, enrolment int, seq bigint)
        join devices d on d.id = b.device_id and d.claimed and d.enrolment = b.enrolment
        on conflict do nothing
        returning device_id, seq::text as seq`,
  )) as unknown as { rows: { device_id: string; seq: string }[] };
  return fresh.rows.map((f) => ({ deviceId: f.device_id, seq: Number(f.seq) }));
}

/** Keeps a device's newest snapshot of a kind; an older one arriving late changes nothing. */
export async function saveStatusSnapshot(db: Db, deviceId: string, snapshot: StatusSnapshot, at: Date): Promise<void> {
  await db
    .insert(deviceStatusSnapshots)
    .values({ deviceId, kind: snapshot.kind, at, data: snapshot })
    .onConflictDoUpdate({
      target: [deviceStatusSnapshots.deviceId, deviceStatusSnapshots.kind],
      set: { at, data: snapshot },
      setWhere: sql`${deviceStatusSnapshots.at} <= excluded.at`,
    });
}

/**
 * The fields of a device's row that others keep while it is connected: the desired configuration
 * and where its push stands (the configuration engine's), read again when the device's work moves
 * on so the row the consoles see is whole.
 */
export async function findKeptFields(db: Db, id: string) {
  const [row] = await db
    .select({ configHash: devices.configHash, configPush: devices.configPush, configPushError: devices.configPushError })
    .from(devices)
    .where(eq(devices.id, id));
  return row;
}

/**
 * Deletes up to `limit` device metrics taken before `before`; returns how many went. Small
 * batches keep each transaction short, and with PGlite the server's own event loop free between them.
 */
export async function pruneDeviceMetrics(db: Db, before: Date, limit: number, usesLock: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    if (usesLock && !(await holdsSweepLock(tx, 'deviceMetrics'))) return 0;
    const oldest = tx.select({ id: deviceMetrics.id }).from(deviceMetrics).where(lt(deviceMetrics.at, before)).limit(limit);
    const gone = await tx.delete(deviceMetrics).where(inArray(deviceMetrics.id, oldest)).returning({ id: deviceMetrics.id });
    return gone.length;
  });
}

/** Deletes up to `limit` CPU and memory samples taken before `before` (as pruneDeviceMetrics). */
export async function pruneSystemMetrics(db: Db, before: Date, limit: number, usesLock: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    if (usesLock && !(await holdsSweepLock(tx, 'deviceMetrics'))) return 0;
    const oldest = tx.select({ id: deviceSystemMetrics.id }).from(deviceSystemMetrics).where(lt(deviceSystemMetrics.at, before)).limit(limit);
    const gone = await tx.delete(deviceSystemMetrics).where(inArray(deviceSystemMetrics.id, oldest)).returning({ id: deviceSystemMetrics.id });
    return gone.length;
  });
}

/**
 * Deletes up to `limit` received batch keys older than `before` (see pruneDeviceMetrics): a batch
 * resent after its metrics are gone may be stored again, and then goes with the next sweep.
 */
export async function pruneDeviceBatches(db: Db, before: Date, limit: number, usesLock: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    if (usesLock && !(await holdsSweepLock(tx, 'deviceMetrics'))) return 0;
    const oldest = tx
      .select({ deviceId: deviceBatches.deviceId, seq: deviceBatches.seq })
      .from(deviceBatches)
      .where(lt(deviceBatches.receivedAt, before))
      .limit(limit);
    const gone = await tx
      .delete(deviceBatches)
      .where(sql`(${deviceBatches.deviceId}, ${deviceBatches.seq}) in ${oldest}`)
      .returning({ seq: deviceBatches.seq });
    return gone.length;
  });
}
