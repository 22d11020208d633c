import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DeviceKind, TenantInfo } from '@netloom/domain';
import type { Db } from '../db/client';
import { configRevisions, deviceConfigSettings, deviceJobs, devices, networks } from '../db/schema/index';
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

/** The desired configuration's revision (the newest with this hash), which a push or a resync carries whole. */
export async function desiredRevision(db: Db, deviceId: string, hash: string) {
  const [row] = await db
    .select({ id: configRevisions.id, document: configRevisions.document })
    .from(configRevisions)
    .where(and(eq(configRevisions.deviceId, deviceId), eq(configRevisions.hash, hash)))
    .orderBy(desc(configRevisions.number))
    .limit(1);
  return row;
}

/**
 * Whether a device that runs another configuration than `hash` should be sent it again: not while
 * a push is on its way, nor once it refused this very configuration (it would refuse it again;
 * a new revision is the way on), nor when the tenant turned auto-sync off for the device (a local
 * change is then shown as drift and left alone).
 */
export async function resyncWanted(db: Db, deviceId: string, hash: string): Promise<boolean> {
  const [settings] = await db.select({ autoSync: deviceConfigSettings.autoSync }).from(deviceConfigSettings).where(eq(deviceConfigSettings.deviceId, deviceId));
  if (settings && !settings.autoSync) return false;
  const [last] = await db
    .select({ state: deviceJobs.state, hash: sql<string | null>`${deviceJobs.payload}->>'config_hash'` })
    .from(deviceJobs)
    .where(and(eq(deviceJobs.deviceId, deviceId), inArray(deviceJobs.kind, ['apply_config', 'full_sync']), ne(deviceJobs.state, 'cancelled')))
    .orderBy(desc(deviceJobs.createdAt))
    .limit(1);
  if (!last) return true;
  if (last.state === 'queued' || last.state === 'sent') return false;
  return !(last.state === 'failed' && last.hash === hash);
}
