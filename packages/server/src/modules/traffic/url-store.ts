import { sql, type SQL } from 'drizzle-orm';
import type { WebFilterRange } from '@netloom/domain';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { TENANT_WIDE } from './store';
import { URL_DIMENSIONS } from './url-events';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export interface CountedKey {
  key: string;
  count: number;
  bytes: number;
}

/** A window of the web filter's charts, read from the rollup level that suits it (whole buckets: a 24 h window starts on the hour). */
export function urlWindow(range: WebFilterRange, now = new Date()): { table: string; from: Date; to: Date; bucketMs: number } {
  if (range === '1h') {
    const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
    return { table: 'flow_rollup_minute', from: new Date(to.getTime() - 3_600_000), to, bucketMs: 60_000 };
  }
  const to = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  const hours = range === '24h' ? 24 : 168;
  return { table: 'flow_rollup_hour', from: new Date(to.getTime() - hours * 3_600_000), to, bucketMs: 3_600_000 };
}

/**
 * Where a window's ranking reads: a week's whole days from the day rollups and only its ragged ends
 * from the hours (the sums are the same, from a seventh of the rows); shorter windows one table.
 */
function urlSpans(range: WebFilterRange, now = new Date()): { table: string; from: Date; to: Date }[] {
  const w = urlWindow(range, now);
  if (range !== '7d') return [w];
  const day = 86_400_000;
  const inner = { from: new Date(Math.ceil(w.from.getTime() / day) * day), to: new Date(Math.floor(w.to.getTime() / day) * day) };
  return [
    { table: 'flow_rollup_hour', from: w.from, to: inner.from },
    { table: 'flow_rollup_day', from: inner.from, to: inner.to },
    { table: 'flow_rollup_hour', from: inner.to, to: w.to },
  ].filter((s) => s.from < s.to);
}

/** What a log page filters on, besides the tenant and the window. */
export interface UrlLogQuery {
  tenantId: string;
  from: Date;
  to: Date;
  proxyOnly: boolean;
  search: string | null;
  filters: { key: string; value: string }[];
  offset: number;
  limit: number;
}

// A Map: a filter key is the client's text, and an object would answer 'toString' or 'constructor' with its prototype's members.
const FILTER_COLUMN = new Map<string, string>([
  ['user', 'e.user_name'],
  ['device', 'd.name'],
  ['domain', 'e.domain'],
  ['category', 'e.category'],
  ['action', 'e.action'],
  ['policy', 'e.policy_name'],
  ['via', 'e.via'],
]);

/**
 * The web filter's questions to the analytics store: rankings and series from the rollups, logs
 * and discovery from the raw events. Every question is one tenant's.
 */
export class UrlAnalytics {
  constructor(private readonly db: Db) {}

  private where(tenantId: string, w: { table: string; from: Date; to: Date }, dim: string): SQL {
    return sql`tenant_id = ${tenantId} and product in ('sdwan', 'ztna') and dim = ${dim} and device_id = ${TENANT_WIDE}
      and bucket >= ${w.from.toISOString()} and bucket < ${w.to.toISOString()}`;
  }

  /** The largest keys of a dimension by requests; `prefix` keeps those of one user (pair keys 'user\tx', answered as x). */
  async top(tenantId: string, range: WebFilterRange, dim: string, limit: number, prefix?: string): Promise<CountedKey[]> {
    const own = prefix === undefined ? sql`` : sql`and key like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}\t%`}`;
    const parts = urlSpans(range).map((w) => sql`select key, flows, bytes_in from ${sql.raw(w.table)} where ${this.where(tenantId, w, dim)} ${own}`);
    const rows = await rowsOf(
      this.db,
      sql`select key, sum(flows)::float8 as n, sum(bytes_in)::float8 as b from (${sql.join(parts, sql` union all `)}) s
          group by key order by sum(flows) desc, key limit ${limit}`,
    );
    return rows.map((r) => ({ key: prefix === undefined ? String(r.key) : String(r.key).slice(prefix.length + 1), count: Number(r.n), bytes: Number(r.b) }));
  }

  /** The largest keys of a dimension over any window (a report's period), from the hour rollups: whole hours, the ends rounded outwards. */
  async topBetween(tenantId: string, from: Date, to: Date, dim: string, limit: number): Promise<CountedKey[]> {
    const hour = 3_600_000;
    const w = { table: 'flow_rollup_hour', from: new Date(Math.floor(from.getTime() / hour) * hour), to: new Date(Math.ceil(to.getTime() / hour) * hour) };
    const rows = await rowsOf(
      this.db,
      sql`select key, sum(flows)::float8 as n, sum(bytes_in)::float8 as b from flow_rollup_hour where ${this.where(tenantId, w, dim)}
          group by key order by sum(flows) desc, key limit ${limit}`,
    );
    return rows.map((r) => ({ key: String(r.key), count: Number(r.n), bytes: Number(r.b) }));
  }

  /** Requests per bucket and action over the window, every bucket present (zeros where nothing happened). */
  async actionsOverTime(tenantId: string, range: WebFilterRange): Promise<{ at: Date; allowed: number; blocked: number; logged: number }[]> {
    const w = urlWindow(range);
    const rows = await rowsOf(
      this.db,
      sql`select bucket, key, sum(flows)::float8 as n from ${sql.raw(w.table)}
          where ${this.where(tenantId, w, URL_DIMENSIONS.action)} group by bucket, key`,
    );
    const byBucket = new Map<number, { allowed: number; blocked: number; logged: number }>();
    for (let t = w.from.getTime(); t < w.to.getTime(); t += w.bucketMs) byBucket.set(t, { allowed: 0, blocked: 0, logged: 0 });
    for (const r of rows) {
      const slot = byBucket.get(new Date(r.bucket as string).getTime());
      const key = String(r.key) as 'allowed' | 'blocked' | 'logged';
      if (slot && key in slot) slot[key] += Number(r.n);
    }
    return [...byBucket].map(([t, v]) => ({ at: new Date(t), ...v }));
  }

  /** Requests per rule key (policy, rule, action, matched) since `from`, from the hour rollups. */
  async ruleHits(tenantId: string, from: Date): Promise<{ policyId: string | null; rule: string; action: string; matched: string; count: number }[]> {
    const rows = await rowsOf(
      this.db,
      sql`select key, sum(flows)::float8 as n from flow_rollup_hour
          where tenant_id = ${tenantId} and product in ('sdwan', 'ztna') and dim = ${URL_DIMENSIONS.rule} and device_id = ${TENANT_WIDE}
            and bucket >= ${new Date(Math.floor(from.getTime() / 3_600_000) * 3_600_000).toISOString()}
          group by key`,
    );
    return rows.map((r) => {
      const [policy = '-', rule = '', action = '', matched = ''] = String(r.key).split('\t');
      return { policyId: policy === '-' ? null : policy, rule, action, matched, count: Number(r.n) };
    });
  }

  /** Raw events newest first, with the device's name; the count is of every matching event. */
  async logs(q: UrlLogQuery): Promise<{ count: number; rows: Row[] }> {
    const where = this.logWhere(q);
    const [counted] = await rowsOf<{ n: string }>(
      this.db,
      sql`select count(*)::text as n from url_events e left join devices d on d.id = e.device_id where ${where}`,
    );
    const rows = await rowsOf(
      this.db,
      sql`select e.*, d.name as device_name from url_events e left join devices d on d.id = e.device_id
          where ${where} order by e.at desc, e.device_id, e.seq, e.n offset ${q.offset} limit ${q.limit}`,
    );
    return { count: Number(counted?.n ?? 0), rows };
  }

  private logWhere(q: UrlLogQuery): SQL {
    const parts: SQL[] = [sql`e.tenant_id = ${q.tenantId} and e.at >= ${q.from.toISOString()} and e.at < ${q.to.toISOString()}`];
    if (q.proxyOnly) parts.push(sql`e.via = 'proxy'`);
    for (const f of q.filters) {
      const column = FILTER_COLUMN.get(f.key);
      if (column) parts.push(sql`${sql.raw(column)} = ${f.value}`);
    }
    if (q.search) {
      const p = likePattern(q.search);
      parts.push(
        sql`(e.host ilike ${p} or e.path ilike ${p} or e.user_name ilike ${p} or e.category ilike ${p} or e.policy_name ilike ${p} or d.name ilike ${p})`,
      );
    }
    return sql.join(parts, sql` and `);
  }

  /** Domains the category database does not know, seen in the window, most requested first. */
  async discovery(
    tenantId: string,
    from: Date,
    search: string | null,
    offset: number,
    limit: number,
    known: string[],
  ): Promise<{ count: number; rows: Row[] }> {
    const knownList = `{${known.map((d) => `"${d.replace(/[\\"]/g, '')}"`).join(',')}}`;
    const where = sql`tenant_id = ${tenantId} and at >= ${from.toISOString()} and category = 'uncategorised' and host !~ '^[0-9.]+$'
      and not (domain = any(${knownList}::text[])) ${search ? sql`and domain ilike ${likePattern(search)}` : sql``}`;
    const [counted] = await rowsOf<{ n: string }>(this.db, sql`select count(distinct domain)::text as n from url_events where ${where}`);
    const rows = await rowsOf(
      this.db,
      sql`select domain, count(*)::float8 as hits, count(distinct user_name)::float8 as users, count(distinct device_id)::float8 as devices,
            count(*) filter (where action = 'blocked')::float8 as blocked, min(at) as first_seen, max(at) as last_seen
          from url_events where ${where} group by domain order by count(*) desc, domain offset ${offset} limit ${limit}`,
    );
    return { count: Number(counted?.n ?? 0), rows };
  }

  /** Deletes a tenant's events past its retention: proxy lines are kept for the longer of the two logs that show them. */
  async deleteExpired(tenantId: string, now: Date, webfilterDays: number, squidDays: number): Promise<number> {
    const day = 86_400_000;
    const agentBefore = new Date(now.getTime() - webfilterDays * day).toISOString();
    const proxyBefore = new Date(now.getTime() - Math.max(webfilterDays, squidDays) * day).toISOString();
    const rows = await rowsOf(
      this.db,
      sql`with gone as (delete from url_events where tenant_id = ${tenantId}
            and ((via = 'agent' and at < ${agentBefore}) or (via = 'proxy' and at < ${proxyBefore})) returning 1)
          select count(*)::float8 as n from gone`,
    );
    return Number(rows[0]?.n ?? 0);
  }
}
