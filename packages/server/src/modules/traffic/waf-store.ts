import { sql, type SQL } from 'drizzle-orm';
import type { HostPathStatusCount, WafAction, WafCategory, WafRuleMatch } from '@netloom/domain';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Which WAF rows a question reads: one tenant, a window, maybe one application or edge. */
export interface WafScope {
  tenantId: string;
  from: Date;
  to: Date;
  applicationId: string | null;
  deviceId: string | null;
}

export interface WafAttackFilter {
  action: WafAction | null;
  category: WafCategory | null;
  clientIp: string | null;
  ruleId: number | null;
  search: string | null;
}

export interface StoredWafAttack {
  id: string;
  at: Date;
  deviceId: string;
  applicationId: string | null;
  host: string;
  clientIp: string;
  country: string | null;
  method: string;
  path: string;
  status: number;
  action: WafAction;
  category: WafCategory;
  anomalyScore: number | null;
  rules: WafRuleMatch[];
  userAgent: string | null;
}

export interface StoredWafRequest {
  at: Date;
  deviceId: string;
  applicationId: string | null;
  requestId: string;
  host: string;
  clientIp: string;
  country: string | null;
  method: string;
  path: string;
  status: number;
  bytes: number;
  elapsedMs: number;
  userAgent: string | null;
}

interface WafCounts {
  key: string;
  count: number;
}

export interface WafTargetRow {
  applicationId: string | null;
  category: WafCategory;
  path: string;
  attempts: number;
  blocked: number;
  detected: number;
  clients: number;
  firstAt: Date;
  lastAt: Date;
  ruleIds: number[];
}

export interface WafSummaryRows {
  requests: number;
  actions: Record<WafAction, number>;
  series: { at: Date; requests: number; blocked: number; detected: number; other: number }[];
  byCategory: WafCounts[];
  byCountry: WafCounts[];
  byClient: WafCounts[];
  topPaths: WafCounts[];
  topRules: (WafCounts & { message: string })[];
  limitsFired: { at: Date; count: number }[];
}

/** Buckets of a chart over the window: about a hundred of them, at a width a person reads. */
function wafBucketMs(from: Date, to: Date): number {
  const span = to.getTime() - from.getTime();
  for (const ms of [60_000, 300_000, 900_000, 3_600_000, 21_600_000]) if (span / ms <= 150) return ms;
  return 86_400_000;
}

const scopeWhere = (s: WafScope, alias: string): SQL => {
  const a = sql.raw(alias);
  return sql.join(
    [
      sql`${a}.tenant_id = ${s.tenantId}`,
      sql`${a}.at >= ${s.from.toISOString()}::timestamptz and ${a}.at < ${s.to.toISOString()}::timestamptz`,
      ...(s.applicationId ? [sql`${a}.application_id = ${s.applicationId}`] : []),
      ...(s.deviceId ? [sql`${a}.device_id = ${s.deviceId}`] : []),
    ],
    sql` and `,
  );
};

function attackWhere(s: WafScope, f: WafAttackFilter): SQL {
  const parts = [scopeWhere(s, 'a')];
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.category) parts.push(sql`a.category = ${f.category}`);
  if (f.clientIp) parts.push(sql`a.client_ip = ${f.clientIp}`);
  if (f.ruleId !== null) parts.push(sql`${f.ruleId}::int = any(a.rule_ids)`);
  if (f.search) parts.push(sql`(a.path ilike ${likePattern(f.search)} or a.host ilike ${likePattern(f.search)})`);
  return sql.join(parts, sql` and `);
}

const num = (v: unknown): number => Number(v ?? 0);
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function attackOf(r: Row): StoredWafAttack {
  return {
    id: `${String(r.device_id)}:${String(r.seq)}:${String(r.n)}`,
    at: new Date(r.at as string),
    deviceId: String(r.device_id),
    applicationId: textOrNull(r.application_id),
    host: String(r.host),
    clientIp: String(r.client_ip),
    country: textOrNull(r.country),
    method: String(r.method),
    path: String(r.path),
    status: num(r.status),
    action: String(r.action) as WafAction,
    category: String(r.category) as WafCategory,
    anomalyScore: r.anomaly_score === null ? null : num(r.anomaly_score),
    rules: (typeof r.rules === 'string' ? JSON.parse(r.rules) : r.rules) as WafRuleMatch[],
    userAgent: textOrNull(r.user_agent),
  };
}

/**
 * What QShield's pages ask of the analytics store: the attack events, the access log and the
 * dashboard's counts, read from the raw rows of a window (an edge's logs are far fewer rows than
 * flows; rollups can take over when a tenant's edges serve millions of requests a day).
 */
/** Requests of one client (address and user agent) to one path (without its query). */
export interface WafClientPathRow {
  userAgent: string | null;
  clientIp: string;
  path: string;
  requests: number;
  errors: number;
}

export class WafAnalytics {
  constructor(private readonly db: Db) {}

  async attacks(scope: WafScope, filter: WafAttackFilter, page: { offset: number; limit: number }): Promise<{ count: number; rows: StoredWafAttack[] }> {
    const where = attackWhere(scope, filter);
    const [counted] = await rowsOf<{ n: string }>(this.db, sql`select count(*)::text as n from waf_attacks a where ${where}`);
    const rows = await rowsOf(
      this.db,
      sql`select * from waf_attacks a where ${where} order by a.at desc, a.device_id, a.seq, a.n offset ${page.offset} limit ${page.limit}`,
    );
    return { count: num(counted?.n), rows: rows.map(attackOf) };
  }

  async log(
    scope: WafScope,
    filter: { status: number | null; search: string | null },
    page: { offset: number; limit: number },
  ): Promise<{ count: number; rows: StoredWafRequest[] }> {
    const parts = [scopeWhere(scope, 'r')];
    if (filter.status !== null) parts.push(sql`r.status = ${filter.status}`);
    if (filter.search) parts.push(sql`(r.path ilike ${likePattern(filter.search)} or r.host ilike ${likePattern(filter.search)})`);
    const where = sql.join(parts, sql` and `);
    const [counted] = await rowsOf<{ n: string }>(this.db, sql`select count(*)::text as n from waf_requests r where ${where}`);
    const rows = await rowsOf(
      this.db,
      sql`select * from waf_requests r where ${where} order by r.at desc, r.request_id offset ${page.offset} limit ${page.limit}`,
    );
    return {
      count: num(counted?.n),
      rows: rows.map((r) => ({
        at: new Date(r.at as string),
        deviceId: String(r.device_id),
        applicationId: textOrNull(r.application_id),
        requestId: String(r.request_id),
        host: String(r.host),
        clientIp: String(r.client_ip),
        country: textOrNull(r.country),
        method: String(r.method),
        path: String(r.path),
        status: num(r.status),
        bytes: num(r.bytes),
        elapsedMs: num(r.elapsed_ms),
        userAgent: textOrNull(r.user_agent),
      })),
    };
  }

  /**
   * The window's requests counted per client (address and user agent) and path, busiest first and
   * bounded, with the addresses the edges challenged (the bot dashboard classifies each client).
   */
  async clients(scope: WafScope, limit = 20_000): Promise<{ rows: WafClientPathRow[]; challenged: string[] }> {
    const r = scopeWhere(scope, 'r');
    const a = scopeWhere(scope, 'a');
    const [rows, challenged] = await Promise.all([
      rowsOf(
        this.db,
        sql`select r.user_agent, r.client_ip, split_part(r.path, '?', 1) as path, count(*)::int as requests, (count(*) filter (where r.status >= 400))::int as errors
          from waf_requests r where ${r} group by 1, 2, 3 order by 4 desc limit ${limit}`,
      ),
      rowsOf(this.db, sql`select distinct a.client_ip from waf_attacks a where ${a} and a.action = 'challenged'`),
    ]);
    return {
      rows: rows.map((x) => ({
        userAgent: textOrNull(x.user_agent),
        clientIp: String(x.client_ip),
        path: String(x.path),
        requests: num(x.requests),
        errors: num(x.errors),
      })),
      challenged: challenged.map((x) => String(x.client_ip)),
    };
  }

  /**
   * The window's requests counted per application, host, method, path (with its query) and status,
   * busiest first and bounded (API discovery templates them). `samplePercent` names applications
   * read from a sample: a request is in it by a hash of its id, the same request always in or out.
   */
  async pathCounts(scope: WafScope, samplePercent: ReadonlyMap<string, number> = new Map(), limit = 20_000): Promise<HostPathStatusCount[]> {
    const sampled = [...samplePercent].filter(([, pct]) => pct < 100);
    const sample = sampled.length
      ? sql` and (hashtext(r.request_id)::bigint + 2147483648) % 100 < case r.application_id::text ${sql.join(
          sampled.map(([id, pct]) => sql`when ${id} then ${pct}::int`),
          sql` `,
        )} else 100 end`
      : sql``;
    const rows = await rowsOf(
      this.db,
      sql`select r.application_id, r.host, r.method, r.path, r.status, count(*)::int as requests,
          count(*) filter (where r.api_key is not null)::int as authenticated, min(r.at) as first_at, max(r.at) as last_at
        from waf_requests r where ${scopeWhere(scope, 'r')}${sample} group by 1, 2, 3, 4, 5 order by 6 desc limit ${limit}`,
    );
    return rows.map((x) => ({
      applicationId: textOrNull(x.application_id),
      host: String(x.host),
      method: String(x.method),
      path: String(x.path),
      status: num(x.status),
      requests: num(x.requests),
      authenticated: num(x.authenticated),
      firstAt: new Date(x.first_at as string),
      lastAt: new Date(x.last_at as string),
    }));
  }

  /** The attacks of some categories grouped by application, category and path (without its query), most that got through first. */
  async targets(scope: WafScope, categories: readonly string[], limit = 200): Promise<WafTargetRow[]> {
    const a = scopeWhere(scope, 'a');
    const rows = await rowsOf(
      this.db,
      sql`select a.application_id, a.category, split_part(a.path, '?', 1) as path, count(*)::int as attempts,
          (count(*) filter (where a.action = 'blocked'))::int as blocked, (count(*) filter (where a.action = 'detected'))::int as detected,
          count(distinct a.client_ip)::int as clients, min(a.at) as first_at, max(a.at) as last_at, array_agg(distinct a.rule_ids[1]) as rule_ids
        from waf_attacks a where ${a} and a.category in (${sql.join(
          categories.map((c) => sql`${c}`),
          sql`, `,
        )})
        group by 1, 2, 3 order by 6 desc, 4 desc, 3 limit ${limit}`,
    );
    return rows.map((r) => ({
      applicationId: textOrNull(r.application_id),
      category: String(r.category) as WafCategory,
      path: String(r.path),
      attempts: num(r.attempts),
      blocked: num(r.blocked),
      detected: num(r.detected),
      clients: num(r.clients),
      firstAt: new Date(r.first_at as string),
      lastAt: new Date(r.last_at as string),
      ruleIds: (Array.isArray(r.rule_ids) ? r.rule_ids : String(r.rule_ids).replace(/[{}]/g, '').split(',')).map(Number).filter((n) => Number.isFinite(n)),
    }));
  }

  async summary(scope: WafScope, top = 10): Promise<WafSummaryRows> {
    const a = scopeWhere(scope, 'a');
    const r = scopeWhere(scope, 'r');
    const bucket = wafBucketMs(scope.from, scope.to);
    const origin = scope.from.toISOString();
    const bin = (alias: string) => sql.raw(`date_bin('${bucket / 1000} seconds'::interval, ${alias}.at, '${origin}'::timestamptz)`);
    const counted = (column: string) =>
      rowsOf<{ key: string | null; n: string }>(
        this.db,
        sql`select ${sql.raw(column)} as key, count(*)::text as n from waf_attacks a where ${a} group by 1 order by count(*) desc, 1 limit ${top}`,
      ).then((rows) => rows.map((x) => ({ key: x.key ?? '', count: num(x.n) })));
    const [requests, actions, requestSeries, attackSeries, byCategory, byCountry, byClient, topPaths, topRules, limits] = await Promise.all([
      rowsOf<{ n: string }>(this.db, sql`select count(*)::text as n from waf_requests r where ${r}`),
      rowsOf<{ action: string; n: string }>(this.db, sql`select a.action, count(*)::text as n from waf_attacks a where ${a} group by 1`),
      rowsOf<{ b: string; n: string }>(this.db, sql`select ${bin('r')} as b, count(*)::text as n from waf_requests r where ${r} group by 1`),
      rowsOf<{ b: string; action: string; n: string }>(
        this.db,
        sql`select ${bin('a')} as b, a.action, count(*)::text as n from waf_attacks a where ${a} group by 1, 2`,
      ),
      counted('a.category'),
      counted(`coalesce(a.country, '')`),
      counted('a.client_ip'),
      counted(`split_part(a.path, '?', 1)`),
      rowsOf<{ key: string; message: string; n: string }>(
        this.db,
        sql`select m.rule->>'id' as key, min(m.rule->>'message') as message, count(*)::text as n
          from waf_attacks a, jsonb_array_elements(a.rules) as m(rule)
          where ${a} and (m.rule->>'id')::int not in (949110, 959100, 980130, 980140)
          group by 1 order by count(*) desc, 1 limit ${top}`,
      ),
      rowsOf<{ b: string; n: string }>(
        this.db,
        sql`select ${bin('a')} as b, count(*)::text as n from waf_attacks a where ${a} and a.category = 'rate' group by 1 order by 1`,
      ),
    ]);
    const series = new Map<number, { at: Date; requests: number; blocked: number; detected: number; other: number }>();
    const slot = (b: string) => {
      const at = new Date(b);
      let s = series.get(at.getTime());
      if (!s) series.set(at.getTime(), (s = { at, requests: 0, blocked: 0, detected: 0, other: 0 }));
      return s;
    };
    for (let t = scope.from.getTime(); t < scope.to.getTime(); t += bucket) slot(new Date(t).toISOString());
    for (const x of requestSeries) slot(x.b).requests += num(x.n);
    for (const x of attackSeries) {
      const s = slot(x.b);
      if (x.action === 'blocked') s.blocked += num(x.n);
      else if (x.action === 'detected') s.detected += num(x.n);
      else s.other += num(x.n);
    }
    const byAction: Record<WafAction, number> = { blocked: 0, detected: 0, rate_limited: 0, denied: 0, challenged: 0 };
    for (const x of actions) byAction[x.action as WafAction] = num(x.n);
    return {
      requests: num(requests[0]?.n),
      actions: byAction,
      series: [...series.values()].sort((p, q) => p.at.getTime() - q.at.getTime()),
      byCategory,
      byCountry,
      byClient,
      topPaths,
      topRules: topRules.map((x) => ({ key: x.key, message: x.message, count: num(x.n) })),
      limitsFired: limits.map((x) => ({ at: new Date(x.b), count: num(x.n) })),
    };
  }
}
