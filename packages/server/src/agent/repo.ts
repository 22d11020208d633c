import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { ONLINE_STATUSES, withSettingDefaults, type StatusSnapshot } from '@netloom/domain';
import type { Db } from '../db/client';
import { holdsSweepLock } from '../db/periodic-sweep';
import {
  deviceBatches,
  deviceJobs,
  deviceMetrics,
  devices,
  deviceStatusSnapshots,
  deviceSystemMetrics,
  tenants,
  ztnaEndpointEnrolments,
  ztnaEnrolmentKeys,
  ztnaInvites,
  ztnaSecurityGroups,
  ztnaSettings,
} from '../db/schema/index';
import type { DeviceRecord } from '../fleet/device-row';

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

/**
 * Takes one use of a key if it may still enrol now: one conditional UPDATE, so simultaneous
 * hellos can never take more uses than its limit (each waits for the row and sees the others').
 */
export async function takeKeyUse(tx: Db, keyId: string, now: Date): Promise<boolean> {
  const taken = await tx
    .update(ztnaEnrolmentKeys)
    .set({ uses: sql`${ztnaEnrolmentKeys.uses} + 1` })
    .where(
      and(
        eq(ztnaEnrolmentKeys.id, keyId),
        isNull(ztnaEnrolmentKeys.revokedAt),
        or(isNull(ztnaEnrolmentKeys.expiresAt), gt(ztnaEnrolmentKeys.expiresAt, now)),
        sql`${ztnaEnrolmentKeys.uses} < case when ${ztnaEnrolmentKeys.reusable} then coalesce(${ztnaEnrolmentKeys.usageLimit}, 2147483647) else 1 end`,
      ),
    )
    .returning({ id: ztnaEnrolmentKeys.id });
  return taken.length > 0;
}

/**
 * A shared hold of the tenant's zero-trust lock, first in an enrolment's transaction: a change of
 * its security groups in progress (which holds the lock exclusively) is not overwritten by the
 * enrolment, and enrolments wait for none but such a change.
 */
export async function shareZtnaLock(tx: Db, tenantId: string): Promise<void> {
  await tx.select({ id: ztnaSettings.tenantId }).from(ztnaSettings).where(eq(ztnaSettings.tenantId, tenantId)).for('share');
}

/**
 * What a client's enrolment with a key leaves: which key enrolled it, its place in the key's
 * security groups (a static member; groups for users alone hold no endpoints), and the invitation
 * whose key it was, marked as enrolled by it. The caller holds shareZtnaLock.
 */
export async function recordClientEnrolment(tx: Db, e: { tenantId: string; deviceId: string; keyId: string; securityGroups: string[] }): Promise<void> {
  await tx
    .insert(ztnaEndpointEnrolments)
    .values({ deviceId: e.deviceId, tenantId: e.tenantId, keyId: e.keyId })
    .onConflictDoUpdate({ target: ztnaEndpointEnrolments.deviceId, set: { tenantId: e.tenantId, keyId: e.keyId, enrolledAt: new Date() } });
  if (e.securityGroups.length) {
    const endpoints = sql`coalesce(${ztnaSecurityGroups.body}->'endpoints', '[]'::jsonb)`;
    await tx
      .update(ztnaSecurityGroups)
      .set({ body: sql`jsonb_set(${ztnaSecurityGroups.body}, '{endpoints}', ${endpoints} || to_jsonb(${e.deviceId}::text))` })
      .where(
        and(
          eq(ztnaSecurityGroups.tenantId, e.tenantId),
          inArray(ztnaSecurityGroups.id, e.securityGroups),
          sql`${ztnaSecurityGroups.body}->>'kind' <> 'users'`,
          sql`not ${endpoints} ? ${e.deviceId}::text`,
        ),
      );
  }
  await tx
    .update(ztnaInvites)
    .set({ enrolledDeviceId: e.deviceId })
    .where(and(eq(ztnaInvites.tenantId, e.tenantId), eq(ztnaInvites.keyId, e.keyId)));
}

export async function findDevice(db: Db, id: string): Promise<DeviceRecord | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row;
}

/**
 * Rewrites a device of the inventory on its enrolment, only if it is still as it was read (same
 * life in the inventory, same approval, still active): a removal, an approval or a deactivation
 * in between must not be undone by what the hello decided from the older row.
 */
export async function updateEnrolledDevice(
  db: Db,
  read: Pick<DeviceRecord, 'id' | 'enrolment' | 'approved'>,
  patch: Partial<typeof devices.$inferInsert>,
): Promise<DeviceRecord | undefined> {
  const [row] = await db
    .update(devices)
    .set(patch)
    .where(
      and(
        eq(devices.id, read.id),
        eq(devices.claimed, true),
        eq(devices.active, true),
        eq(devices.enrolment, read.enrolment),
        eq(devices.approved, read.approved),
      ),
    )
    .returning();
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
    const [row] = await tx
      .update(devices)
      .set({ active: true, lastSeq: -1, ...patch })
      .where(and(eq(devices.id, id), eq(devices.claimed, false)))
      .returning();
    return row;
  });
}

/** Jobs not yet acknowledged: delivery is at least once, so 'sent' ones go again after a reconnect. */
export async function openJobs(db: Db, deviceId: string) {
  return db
    .select()
    .from(deviceJobs)
    .where(and(eq(deviceJobs.deviceId, deviceId), inArray(deviceJobs.state, ['queued', 'sent'])))
    .orderBy(deviceJobs.createdAt);
}

export async function findJob(db: Db, jobId: string) {
  const [row] = await db.select().from(deviceJobs).where(eq(deviceJobs.id, jobId));
  return row;
}

export async function markJobsSent(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(deviceJobs)
    .set({ state: 'sent', sentAt: new Date() })
    .where(and(inArray(deviceJobs.id, ids), eq(deviceJobs.state, 'queued')));
}

/** Applying a result twice changes nothing: only an open job of this device is closed. */
export async function completeJob(db: Db, deviceId: string, jobId: string, ok: boolean, output: string): Promise<boolean> {
  const rows = await db
    .update(deviceJobs)
    .set({ state: ok ? 'done' : 'failed', result: output, doneAt: new Date() })
    .where(and(eq(deviceJobs.id, jobId), eq(deviceJobs.deviceId, deviceId), inArray(deviceJobs.state, ['queued', 'sent'])))
    .returning({ id: deviceJobs.id });
  return rows.length > 0;
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
 * A configuration push the device applied and then undid (it lost its management connection
 * within the confirmation window) becomes failed with the device's reason, so the console shows
 * it and drift repair does not push the same document again. Its answer may have been lost with
 * the link, so a push still marked sent counts too.
 */
export async function revertJob(db: Db, deviceId: string, jobId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(deviceJobs)
    .set({ state: 'failed', result: reason, doneAt: new Date() })
    .where(
      and(
        eq(deviceJobs.id, jobId),
        eq(deviceJobs.deviceId, deviceId),
        inArray(deviceJobs.state, ['sent', 'done']),
        inArray(deviceJobs.kind, ['apply_config', 'full_sync']),
      ),
    )
    .returning({ id: deviceJobs.id });
  return rows.length > 0;
}

/**
 * Opens a full sync unless one is open already: the partial unique index on open full syncs
 * decides, so two connections (or instances) noticing the same drift at once open one job.
 * True when this call opened it.
 */
export async function openFullSync(db: Db, job: { id: string; tenantId: string; deviceId: string; payload: Record<string, unknown> }): Promise<boolean> {
  const opened = await db
    .insert(deviceJobs)
    .values({ ...job, kind: 'full_sync' })
    .onConflictDoNothing()
    .returning({ id: deviceJobs.id });
  return opened.length > 0;
}

/**
 * Devices silent for longer than the timeout go offline (gateways 'error', endpoints 'offline').
 * Silence counts from the later of a device's last stored heartbeat and `heardSince` (the end of
 * the last database outage): a heartbeat lost in an outage is not the device's silence, so after
 * one, devices have the whole timeout to be heard again. On PostgreSQL an advisory lock makes one
 * instance of the cluster do it per round.
 */
export async function markSilentDevicesOffline(
  db: Db,
  { silentSince, heardSince }: { silentSince: Date; heardSince: Date },
  usesLock: boolean,
): Promise<DeviceRecord[]> {
  return db.transaction(async (tx) => {
    if (usesLock && !(await holdsSweepLock(tx, 'offlineDevices'))) return [];
    // Still a statement when nothing can be due yet: the sweep is how an idle instance sees the database back.
    const due = heardSince < silentSince ? sql`${devices.lastSeenAt} < ${silentSince.toISOString()}::timestamptz` : sql`false`;
    return tx
      .update(devices)
      .set({ deviceStatus: sql`case when ${devices.kind} = 'gateway' then 'error' else 'offline' end` })
      .where(and(due, inArray(devices.deviceStatus, [...ONLINE_STATUSES])))
      .returning();
  });
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
