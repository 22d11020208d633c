import { sql, type SQL } from 'drizzle-orm';
import { RELAY_REPORT_STALE_MS, type NacHostReport } from '@netloom/domain';
import type { Db } from '../../db/client';

/*
 * What devices report of zero trust, written where it belongs: every statement names the
 * reporting device's tenant, so an id of another tenant's object matches no row.
 */

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** One relay's measurements from one batch: how many, how many failed, their mean latency (of those that answered). */
export interface RelaySample {
  relayId: string;
  reports: number;
  failures: number;
  latencyMs: number | null;
}

/** Counts past this are halved before a batch is added: a relay's health is what clients measured lately, not ever. */
const RELAY_WINDOW_REPORTS = 20;

/**
 * Adds measurements to the tenant's relays. Counts and latency start over when the last report is
 * older than the domain's staleness (the relay was 'unknown'); otherwise the latency is a moving
 * average and older counts fade by halving, so one failure long ago does not mark a relay degraded.
 */
export async function addRelaySamples(db: Db, tenantId: string, samples: RelaySample[]): Promise<void> {
  if (samples.length === 0) return;
  const rows = samples.map((s) => ({ id: s.relayId, n: s.reports, f: s.failures, latency: s.latencyMs }));
  const stale = sql`(r.last_report_at is null or r.last_report_at < now() - ${sql.raw(String(RELAY_REPORT_STALE_MS))} * interval '1 millisecond')`;
  const kept = (column: string) =>
    sql`(case when ${stale} then 0 when r.reports >= ${sql.raw(String(RELAY_WINDOW_REPORTS))} then r.${sql.raw(column)} / 2 else r.${sql.raw(column)} end)`;
  await db.execute(sql`
    update ztna_relays r set
      latency_ms = case
        when v.latency is null then (case when ${stale} then null else r.latency_ms end)
        when r.latency_ms is null or ${stale} then v.latency
        else r.latency_ms * 0.8 + v.latency * 0.2 end,
      reports = ${kept('reports')} + v.n,
      failures = ${kept('failures')} + v.f,
      last_report_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, n int, f int, latency float8)
    where r.id = v.id and r.tenant_id = ${tenantId}`);
}

export interface ConnectorHealthRow {
  servers: { server_id: string; reachable: boolean; latency_ms: number | null }[];
  activeSessions: number;
  at: Date;
}

/**
 * The connector's health, unless a newer one is stored. Only the tenant's own servers are kept of
 * what it says. Returns what happened; a device that is no connector of its tenant changes nothing.
 */
export async function saveConnectorHealth(db: Db, tenantId: string, deviceId: string, h: ConnectorHealthRow): Promise<'stored' | 'older' | 'not_connector'> {
  const at = h.at.toISOString();
  const [row] = await rowsOf<{ stored: boolean }>(
    db,
    sql`with updated as (
          update ztna_connectors c set
            health = coalesce((select jsonb_agg(e) from jsonb_array_elements(${JSON.stringify(h.servers)}::jsonb) e
                               where (e->>'server_id')::uuid in (select id from ztna_servers where tenant_id = ${tenantId})), '[]'::jsonb),
            active_sessions = ${h.activeSessions}::int,
            health_at = least(${at}::timestamptz, now())
          where c.device_id = ${deviceId} and c.tenant_id = ${tenantId}
            and (c.health_at is null or c.health_at <= least(${at}::timestamptz, now()))
          returning 1)
        select exists (select 1 from updated) as stored,
               exists (select 1 from ztna_connectors where device_id = ${deviceId} and tenant_id = ${tenantId}) as known`,
  );
  if (row?.stored) return 'stored';
  return (row as { known?: boolean } | undefined)?.known ? 'older' : 'not_connector';
}

/**
 * The hosts a gateway saw, as the tenant's: new ones are added (pending a decision), known ones
 * take the report's address, interface and state and move to this gateway, keeping what they
 * were first seen and decided. A report older than what is stored of a host changes nothing of it.
 */
export async function upsertNacHosts(db: Db, tenantId: string, gatewayId: string, at: Date, hosts: NacHostReport[]): Promise<void> {
  if (hosts.length === 0) return;
  // One row per MAC: a statement cannot update the same row twice (the last line of a report wins).
  const byMac = new Map(hosts.map((h) => [h.mac, h]));
  const seen = at.toISOString();
  await db.execute(sql`
    insert into nac_hosts (tenant_id, mac, ip, hostname, vendor, os, gateway_id, interface, state, first_seen, last_seen)
    select ${tenantId}::uuid, h.mac, h.ip, h.hostname, h.vendor, h.os, ${gatewayId}::uuid, h.interface, h.state, least(${seen}::timestamptz, now()), least(${seen}::timestamptz, now())
    from json_to_recordset(${JSON.stringify([...byMac.values()])}::json)
      as h(mac text, ip text, hostname text, vendor text, os text, interface text, state text)
    on conflict (tenant_id, mac) do update set
      ip = excluded.ip,
      hostname = coalesce(excluded.hostname, nac_hosts.hostname),
      vendor = coalesce(excluded.vendor, nac_hosts.vendor),
      os = coalesce(excluded.os, nac_hosts.os),
      gateway_id = excluded.gateway_id,
      interface = excluded.interface,
      state = excluded.state,
      last_seen = excluded.last_seen
    where nac_hosts.last_seen <= excluded.last_seen`);
}
