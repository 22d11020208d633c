import { sql, type SQL } from 'drizzle-orm';
import type { ApiKeyHistory, ApiKeyPathCount, ClientBehaviour } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { WafScope } from './waf-store';

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const scopeWhere = (s: WafScope): SQL =>
  sql.join(
    [
      sql`r.tenant_id = ${s.tenantId}`,
      sql`r.at >= ${s.from.toISOString()}::timestamptz and r.at < ${s.to.toISOString()}::timestamptz`,
      ...(s.applicationId ? [sql`r.application_id = ${s.applicationId}`] : []),
      ...(s.deviceId ? [sql`r.device_id = ${s.deviceId}`] : []),
    ],
    sql` and `,
  );

/**
 * What bot protection asks of the WAF access log beyond the counts: how each client behaved (its
 * timing, its headers) and what each API key did, over a window and before it.
 */
export class WafBotAnalytics {
  constructor(private readonly db: Db) {}

  /** The busiest clients' behaviour over the window, by client (address and user agent). */
  async behaviour(scope: WafScope, limit = 5_000): Promise<({ clientIp: string; userAgent: string | null } & ClientBehaviour)[]> {
    const rows = await rowsOf(
      this.db,
      sql`with g as (
          select r.client_ip, r.user_agent, r.at, r.headers_logged, r.accept_language, r.accept_encoding, r.sec_ch_ua,
            extract(epoch from r.at - lag(r.at) over (partition by r.client_ip, r.user_agent order by r.at)) * 1000 as gap
          from waf_requests r where ${scopeWhere(scope)})
        select client_ip, user_agent, count(*)::int as requests, extract(epoch from max(at) - min(at)) * 1000 as span_ms,
          case when count(gap) >= 2 then avg(gap) end as gap_mean, case when count(gap) >= 2 then stddev_samp(gap) end as gap_std,
          (count(*) filter (where headers_logged))::int as with_headers,
          (count(*) filter (where headers_logged and accept_language is null))::int as no_accept_language,
          (count(*) filter (where headers_logged and accept_encoding is null))::int as no_accept_encoding,
          max(sec_ch_ua) as sec_ch_ua
        from g group by 1, 2 order by 3 desc limit ${limit}`,
    );
    return rows.map((r) => ({
      clientIp: String(r.client_ip),
      userAgent: r.user_agent === null ? null : String(r.user_agent),
      requests: num(r.requests),
      spanMs: num(r.span_ms),
      gapMeanMs: numOrNull(r.gap_mean),
      gapStdMs: numOrNull(r.gap_std),
      withHeaders: num(r.with_headers),
      noAcceptLanguage: num(r.no_accept_language),
      noAcceptEncoding: num(r.no_accept_encoding),
      secChUa: r.sec_ch_ua === null ? null : String(r.sec_ch_ua),
    }));
  }

  /** Each API key's requests in the window per method and path (query left out), bounded. */
  async apiKeyPaths(scope: WafScope, limit = 50_000): Promise<ApiKeyPathCount[]> {
    const rows = await rowsOf(
      this.db,
      sql`select r.api_key, r.method, split_part(r.path, '?', 1) as path, count(*)::int as requests,
          (count(*) filter (where r.status between 400 and 499))::int as errors
        from waf_requests r where ${scopeWhere(scope)} and r.api_key is not null group by 1, 2, 3 order by 4 desc limit ${limit}`,
    );
    return rows.map((r) => ({ key: String(r.api_key), method: String(r.method), path: String(r.path), requests: num(r.requests), errors4xx: num(r.errors) }));
  }

  /** Each key's requests over the baseline before the window (the hours it made any), and the addresses that used it in the window. */
  async apiKeyHistory(scope: WafScope, baselineFrom: Date): Promise<ApiKeyHistory[]> {
    const before = { ...scope, from: baselineFrom, to: scope.from };
    const [base, now] = await Promise.all([
      rowsOf(
        this.db,
        sql`select r.api_key, count(*)::int as requests, count(distinct date_trunc('hour', r.at))::int as hours
          from waf_requests r where ${scopeWhere(before)} and r.api_key is not null group by 1`,
      ),
      rowsOf(
        this.db,
        sql`select r.api_key, (array_agg(distinct r.client_ip))[1:20] as clients, max(r.at) as last_at
          from waf_requests r where ${scopeWhere(scope)} and r.api_key is not null group by 1`,
      ),
    ]);
    const baseline = new Map(base.map((r) => [String(r.api_key), { hours: num(r.hours), requests: num(r.requests) }]));
    return now.map((r) => {
      const b = baseline.get(String(r.api_key));
      const clients = Array.isArray(r.clients)
        ? r.clients.map(String)
        : String(r.clients ?? '')
            .replace(/[{}]/g, '')
            .split(',')
            .filter(Boolean);
      return { key: String(r.api_key), baselineHours: b?.hours ?? 0, baselineRequests: b?.requests ?? 0, clients, lastSeen: new Date(r.last_at as string) };
    });
  }
}
