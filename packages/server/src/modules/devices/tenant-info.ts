import { sql } from 'drizzle-orm';
import type { DeviceKind, TenantInfo } from '@netloom/domain';
import type { Db } from '../../db/client';

const ONLINE = ['running', 'modified', 'connected', 'online'];

/** Which devices the tiles count: a device group's, one product's (gateways or endpoints), or all. */
export interface TenantInfoScope {
  networkId?: string | null;
  kind?: DeviceKind | null;
}

/**
 * The dashboard tiles of a tenant (or of one device group), counted in the database in one query:
 * devices, their WAN links up and down, groups, deployed (seen at least once) and offline devices,
 * and the ZTNA users with how many of them are online. A product dashboard counts its own kind of
 * device, as its table and map show.
 */
export async function computeTenantInfo(db: Db, tenantId: string, { networkId = null, kind = null }: TenantInfoScope = {}): Promise<TenantInfo> {
  const inNetwork = networkId ? sql`and d.network_id = ${networkId}` : sql``;
  const ofKind = kind ? sql`and d.kind = ${kind}` : sql``;
  const online = sql.join(ONLINE.map((s) => sql`${s}`), sql`, `);
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
