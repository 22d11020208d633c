import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { ONLINE_STATUSES, type DeviceKind, type TenantInfo } from '@netloom/domain';
import type { Db } from '../db/client';
import { holdsSweepLock } from '../db/periodic-sweep';
import { networks } from '../db/read-models/networks';
import { devices } from '../db/schema/devices';
import type { DeviceRecord } from './device-row';

/** Device queries shared by the device inventory (modules/devices), the agent gateway and the tiles. */

/** Any row with this serial, claimed or not (the serial is unique per tenant). */
export async function findDeviceBySerial(db: Db, tenantId: string, serial: string): Promise<DeviceRecord | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.serial, serial)));
  return row;
}

/** Undefined when the tenant has a device of this serial already (another hello or claim of the same new serial came first). */
export async function insertDevice(db: Db, row: typeof devices.$inferInsert): Promise<DeviceRecord | undefined> {
  const [created] = await db
    .insert(devices)
    .values(row)
    .onConflictDoNothing({ target: [devices.tenantId, devices.serial] })
    .returning();
  return created;
}

/** The ids among `ids` that are claimed devices of the tenant. */
export async function existingDeviceIds(db: Db, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true), inArray(devices.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The dashboard tiles, counted in one statement: devices, their WAN links up and down, groups,
 * deployed (seen at least once) and offline devices, and the ZTNA users with how many are online.
 * `online` is the set of statuses that count as online (see tenant-info.ts).
 */
export async function countTenantInfo(
  db: Db,
  tenantId: string,
  scope: { networkId: string | null; kind: DeviceKind | null; online: readonly string[] },
): Promise<TenantInfo> {
  const inNetwork = scope.networkId ? sql`and d.network_id = ${scope.networkId}` : sql``;
  const ofKind = scope.kind ? sql`and d.kind = ${scope.kind}` : sql``;
  const online = sql.join(
    scope.online.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with d as (
      select d.* from devices d
      where d.tenant_id = ${tenantId} and d.claimed ${inNetwork} ${ofKind}
    ), links as (
      select l->>'status' as status from d, jsonb_array_elements(d.wan_status) l
    )
    select
      (select count(*) from d)::int as devices,
      (select count(*) from links)::int as links,
      (select count(*) from d where d.last_seen_at is not null and d.device_status in (${online}))::int as online_devices,
      (select count(*) from links where status = 'up')::int as active_links,
      (select count(*) from links where status <> 'up')::int as inactive_links,
      (select count(*) from networks n where n.tenant_id = ${tenantId})::int as total_networks,
      (select count(*) from d where d.last_seen_at is not null)::int as deployed_devices,
      (select count(*) from d where d.last_seen_at is not null and d.device_status in ('error', 'offline'))::int as offline_devices,
      (select count(distinct d.username) from d where d.username is not null)::int as users,
      (select count(distinct d.username) from d where d.username is not null and d.last_seen_at is not null and d.device_status in (${online}))::int as online_users
  `);
  const row = (result as unknown as { rows: TenantInfo[] }).rows[0];
  if (!row) throw new Error('tenant info query returned no row');
  return row;
}

/** Whether the device group is the tenant's (the tiles of one group are asked for by its id). */
export async function networkInTenant(db: Db, tenantId: string, networkId: string): Promise<boolean> {
  const rows = await db
    .select({ id: networks.id })
    .from(networks)
    .where(and(eq(networks.tenantId, tenantId), eq(networks.id, networkId)));
  return rows.length > 0;
}

/** Claimed devices by id (of any tenant): the rows a change of theirs republishes. */
export async function devicesByIds(db: Db, ids: string[]): Promise<DeviceRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(devices)
    .where(and(inArray(devices.id, ids), eq(devices.claimed, true)));
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

/** Makes these hashes the devices' desired configurations, each with its push open. */
export async function markPushed(tx: Db, pushes: { deviceId: string; hash: string }[]): Promise<void> {
  if (pushes.length === 0) return;
  await tx
    .update(devices)
    .set({ configHash: sql`v.hash`, configPush: 'open', configPushError: null })
    .from(
      sql`(values ${sql.join(
        pushes.map((p) => sql`(${p.deviceId}::uuid, ${p.hash})`),
        sql`, `,
      )}) as v(id, hash)`,
    )
    .where(sql`${devices.id} = v.id`);
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
export async function unclaimDevice(db: Db, tenantId: string, id: string, opts: { rejected?: boolean } = {}): Promise<DeviceRecord | undefined> {
  const [row] = await db
    .update(devices)
    .set({
      claimed: false,
      approved: false,
      credentialHash: null,
      enrolment: sql`${devices.enrolment} + 1`,
      ...(opts.rejected ? { rejectedAt: new Date() } : {}),
    })
    .where(inTenant(tenantId, id))
    .returning();
  return row;
}

/**
 * Lets a rejected device in again, approved: back in the inventory without a credential, which
 * its next hello with its key gets (as a device claimed in the console does).
 */
export async function readmitDevice(db: Db, tenantId: string, id: string): Promise<DeviceRecord | undefined> {
  const [row] = await db
    .update(devices)
    // Sequence numbers start again: the agent may have been reinstalled while it was kept out.
    .set({ claimed: true, approved: true, active: true, credentialHash: null, rejectedAt: null, lastSeq: -1, appliedConfigSeq: -1 })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.claimed, false), isNotNull(devices.rejectedAt)))
    .returning();
  return row;
}

/**
 * Sets the group's members to exactly `deviceIds`: those move in (from any other group), former
 * members not named fall back to no group. Answers the devices whose group changed.
 */
export async function setMembers(db: Db, tenantId: string, networkId: string, deviceIds: string[]): Promise<DeviceRecord[]> {
  return db.transaction(async (tx) => {
    const inTenant = and(eq(devices.tenantId, tenantId), eq(devices.claimed, true));
    const left = await tx
      .update(devices)
      .set({ networkId: null })
      .where(and(inTenant, eq(devices.networkId, networkId), deviceIds.length ? notInArray(devices.id, deviceIds) : undefined))
      .returning();
    const joined = deviceIds.length
      ? await tx
          .update(devices)
          .set({ networkId })
          .where(and(inTenant, inArray(devices.id, deviceIds), or(isNull(devices.networkId), sql`${devices.networkId} <> ${networkId}`)))
          .returning()
      : [];
    return [...left, ...joined];
  });
}

/** A device removed from the inventory starts a new life (enrolment as new); undefined when it was claimed meanwhile. */
export async function reviveUnclaimedDevice(tx: Db, id: string, patch: Partial<typeof devices.$inferInsert>): Promise<DeviceRecord | undefined> {
  const [row] = await tx
    .update(devices)
    .set({ active: true, lastSeq: -1, appliedConfigSeq: -1, ...patch })
    .where(and(eq(devices.id, id), eq(devices.claimed, false)))
    .returning();
  return row;
}

/** The group's devices fall back to no group (the group is being deleted); answers them. */
export async function ungroupDevices(tx: Db, tenantId: string, networkId: string): Promise<DeviceRecord[]> {
  return tx
    .update(devices)
    .set({ networkId: null })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.networkId, networkId)))
    .returning();
}

/** What a device is used as beyond its kind (an app connector of ZTNA), or null. */
export async function setDeviceType(tx: Db, deviceId: string, deviceType: DeviceRecord['deviceType']): Promise<void> {
  await tx.update(devices).set({ deviceType }).where(eq(devices.id, deviceId));
}

const inTenant = (tenantId: string, id: string) => and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.claimed, true));
