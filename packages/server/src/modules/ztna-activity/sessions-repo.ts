import { eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOG_RETENTION_DAYS, type ZTNA_SESSION_FILTER_KEYS } from '@netloom/domain';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { logRetention } from '../../db/read-models/web-filter';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export type SessionFilterKey = Exclude<(typeof ZTNA_SESSION_FILTER_KEYS)[number], 'tenant_id'>;

/** What a session-log page filters on, besides the tenant and the window. */
export interface SessionLogQuery {
  tenantId: string;
  from: Date;
  to: Date;
  search: string | null;
  filters: { key: SessionFilterKey; value: string }[];
  offset: number;
  limit: number;
}

/** Each filter key: what it compares (a name or an id where the table shows a name; users whatever their case). */
const FILTERS: Record<SessionFilterKey, (v: string) => SQL> = {
  user: (v) => sql`lower(e.user_name) = lower(${v})`,
  device: (v) => sql`(d.name = ${v} or e.device_id::text = ${v})`,
  server: (v) => sql`(e.server_name = ${v} or e.server_id::text = ${v} or e.destination = ${v})`,
  action: (v) => sql`e.action = ${v}`,
  policy: (v) => sql`(e.policy_name = ${v} or e.policy_id::text = ${v})`,
  failed_condition: (v) => sql`e.failed_condition = ${v}`,
  protocol: (v) => sql`e.protocol = ${v}`,
};

function logWhere(q: SessionLogQuery): SQL {
  const parts: SQL[] = [sql`e.tenant_id = ${q.tenantId} and e.at >= ${q.from.toISOString()} and e.at < ${q.to.toISOString()}`];
  for (const f of q.filters) parts.push(FILTERS[f.key](f.value));
  if (q.search) {
    const p = likePattern(q.search);
    parts.push(
      sql`(e.user_name ilike ${p} or e.destination ilike ${p} or e.server_name ilike ${p} or e.policy_name ilike ${p} or d.name ilike ${p} or c.name ilike ${p})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/* The endpoint's and the connector's names as the inventory has them now (a device of the same tenant only). */
const FROM = sql`ztna_sessions e
  left join devices d on d.id = e.device_id and d.tenant_id = e.tenant_id
  left join devices c on c.id = e.connector_id and c.tenant_id = e.tenant_id`;

/** Sessions newest first, with their endpoint's and connector's names; the count is of every matching session. */
export async function sessionLogs(db: Db, q: SessionLogQuery): Promise<{ count: number; rows: Row[] }> {
  const where = logWhere(q);
  const [counted] = await rowsOf<{ n: string }>(db, sql`select count(*)::text as n from ${FROM} where ${where}`);
  const rows = await rowsOf(
    db,
    sql`select e.*, d.name as device_name, c.name as connector_name from ${FROM}
        where ${where} order by e.at desc, e.device_id, e.seq, e.n offset ${q.offset} limit ${q.limit}`,
  );
  return { count: Number(counted?.n ?? 0), rows };
}

/** Days the tenant keeps its session logs (logs-management). */
export async function sessionRetentionDays(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ retention: logRetention.retention }).from(logRetention).where(eq(logRetention.tenantId, tenantId));
  return row?.retention.ztna_sessions ?? DEFAULT_LOG_RETENTION_DAYS.ztna_sessions;
}

/** The longest any tenant keeps its session logs: days older than that are no one's. */
export async function longestSessionRetentionDays(db: Db): Promise<number> {
  const [row] = await rowsOf<{ days: number | null }>(
    db,
    sql`select max((retention->>'ztna_sessions')::int)::int as days from log_retention where retention ? 'ztna_sessions'`,
  );
  // Tenants that never set theirs keep the default; there always may be one.
  return Math.max(row?.days ?? 0, DEFAULT_LOG_RETENTION_DAYS.ztna_sessions);
}

/** The tenants that set how long they keep their session logs, with the days (the others keep the default). */
export async function sessionRetentions(db: Db): Promise<{ tenantId: string; days: number }[]> {
  return db
    .select({ tenantId: logRetention.tenantId, days: sql<number>`(${logRetention.retention}->>'ztna_sessions')::int` })
    .from(logRetention)
    .where(sql`${logRetention.retention} ? 'ztna_sessions'`);
}
