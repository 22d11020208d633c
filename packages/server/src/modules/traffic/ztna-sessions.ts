import { sql } from 'drizzle-orm';
import type { ZtnaSession } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { FlowSource } from './enrich';
import type { ZtnaSessionToStore } from './store';

export function ztnaSessionToStore(session: ZtnaSession, source: FlowSource, seq: number, n: number): ZtnaSessionToStore {
  return {
    tenantId: source.tenantId,
    deviceId: source.id,
    at: new Date(session.at),
    seq,
    n,
    // An endpoint names its user once in its hello; a session that names none is that user's.
    user: session.user?.toLowerCase() ?? source.username,
    session,
  };
}

/** A session as a row of the statement below, in ztna_sessions' column names. */
const rawRowOf = (s: ZtnaSessionToStore) => ({
  tenant_id: s.tenantId,
  device_id: s.deviceId,
  at: s.at.toISOString(),
  seq: s.seq,
  n: s.n,
  user_name: s.user,
  server_id: s.session.server_id,
  destination: s.session.destination,
  protocol: s.session.protocol,
  port: s.session.port,
  action: s.session.action,
  rule: s.session.rule,
  policy_id: s.session.policy_id,
  policy_name: s.session.policy_name,
  failed_condition: s.session.failed_condition,
  connector_id: s.session.connector_id,
  duration_ms: s.session.duration_ms,
  bytes_in: s.session.bytes_in,
  bytes_out: s.session.bytes_out,
});

/**
 * Inserts sessions into their day partitions. The server's name is the tenant's name for it when
 * the session happened (a log keeps it after a rename); a server, policy or connector id that is
 * not one of the endpoint's own tenant is not kept: a device names only its tenant's objects in
 * the logs, whatever it reports.
 */
export async function storeZtnaSessions(db: Db, sessions: ZtnaSessionToStore[]): Promise<void> {
  for (let i = 0; i < sessions.length; i += 5_000) {
    const rows = sessions.slice(i, i + 5_000).map(rawRowOf);
    await db.execute(sql`
      insert into ztna_sessions (tenant_id, device_id, at, seq, n, user_name, server_id, server_name, destination, protocol, port, action, rule,
        policy_id, policy_name, failed_condition, connector_id, duration_ms, bytes_in, bytes_out)
      select r.tenant_id, r.device_id, r.at, r.seq, r.n, r.user_name, s.id, s.name, r.destination, r.protocol, r.port, r.action, r.rule,
        p.id, r.policy_name, r.failed_condition, c.id, r.duration_ms, r.bytes_in, r.bytes_out
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(tenant_id uuid, device_id uuid, at timestamptz, seq bigint, n int, user_name text,
        server_id uuid, destination text, protocol text, port int, action text, rule text, policy_id uuid, policy_name text, failed_condition text,
        connector_id uuid, duration_ms bigint, bytes_in bigint, bytes_out bigint)
      left join ztna_servers s on s.id = r.server_id and s.tenant_id = r.tenant_id
      left join ztna_policies p on p.id = r.policy_id and p.tenant_id = r.tenant_id
      left join devices c on c.id = r.connector_id and c.tenant_id = r.tenant_id and c.kind = 'gateway'`);
  }
}

/**
 * Deletes each tenant's sessions older than the days it keeps them (`kept`; a tenant not listed:
 * `otherwiseDays`), in one statement; returns how many went.
 */
export async function deleteExpiredZtnaSessions(
  db: Db,
  now: Date,
  kept: readonly { tenantId: string; days: number }[],
  otherwiseDays: number,
): Promise<number> {
  const days = JSON.stringify(kept.map((k) => ({ tenant_id: k.tenantId, days: k.days })));
  // Both drivers answer { rows }; the Db type, shared by the two, does not say so.
  const gone = (await db.execute(
    sql`with kept as (
          select t.id as tenant_id, coalesce(r.days, ${otherwiseDays}::int) as days
          from tenants t left join json_to_recordset(${days}::json) as r(tenant_id uuid, days int) on r.tenant_id = t.id
        ), gone as (
          delete from ztna_sessions s using kept k
          where s.tenant_id = k.tenant_id and s.at < ${now.toISOString()}::timestamptz - k.days * interval '1 day'
          returning 1)
        select count(*)::int as n from gone`,
  )) as unknown as { rows: { n: number }[] };
  return Number(gone.rows[0]?.n ?? 0);
}
