import { sql, type SQL } from 'drizzle-orm';
import { EDGE_RULE_IDS, type GraphqlOperationCount, type LoginAccountCount, type LoginClientCount } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { WafScope } from './waf-store';

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

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

/** Buckets of a chart over the window: about a hundred of them, at a width a person reads. */
function loginBucketMs(from: Date, to: Date): number {
  const span = to.getTime() - from.getTime();
  for (const ms of [60_000, 300_000, 900_000, 3_600_000, 21_600_000]) if (span / ms <= 150) return ms;
  return 86_400_000;
}

/** The login attempts of the scope, each with whether login protection challenged or refused it (its attack, by request id). */
const loginAttempts = (s: WafScope): SQL => sql`
  select r.application_id, r.client_ip, r.at, split_part(r.path, '?', 1) as path, r.login->>'account' as account,
    coalesce((r.login->>'failed')::boolean, false) as failed, a.action as refused
  from waf_requests r
  left join lateral (
    select a.action from waf_attacks a
    where a.tenant_id = r.tenant_id and a.request_id = r.request_id and a.device_id = r.device_id
      and a.at >= ${s.from.toISOString()}::timestamptz and a.at < ${s.to.toISOString()}::timestamptz
      and ${EDGE_RULE_IDS.loginAbuse}::int = any(a.rule_ids)
    limit 1
  ) a on true
  where ${scopeWhere(s, 'r')} and r.login is not null`;

/**
 * What the edges' API guard reported with the access log: GraphQL operations (never their text)
 * and login attempts (the account named and whether it failed, never the password), counted for
 * QShield's GraphQL and authentication abuse pages.
 */
export class WafGuardAnalytics {
  constructor(private readonly db: Db) {}

  /** Each application's GraphQL operations over the window by type and name, busiest first. */
  async graphqlOperations(scope: WafScope, limit = 500): Promise<GraphqlOperationCount[]> {
    const rows = await rowsOf(
      this.db,
      sql`select r.application_id, r.graphql->>'operation' as operation, r.graphql->>'name' as name, count(*)::int as requests,
          (count(*) filter (where r.status >= 400))::int as errors,
          max((r.graphql->>'depth')::int) as max_depth, avg((r.graphql->>'depth')::int)::float8 as avg_depth,
          max((r.graphql->>'aliases')::int) as max_aliases,
          max((r.graphql->>'fields')::int) as max_fields, avg((r.graphql->>'fields')::int)::float8 as avg_fields,
          (count(*) filter (where (r.graphql->>'introspection')::boolean))::int as introspection, max(r.at) as last_seen
        from waf_requests r where ${scopeWhere(scope, 'r')} and r.graphql is not null
        group by 1, 2, 3 order by 4 desc, 3 limit ${limit}`,
    );
    return rows.map((r) => ({
      applicationId: strOrNull(r.application_id),
      operation: String(r.operation) as GraphqlOperationCount['operation'],
      name: strOrNull(r.name),
      requests: num(r.requests),
      errors: num(r.errors),
      maxDepth: num(r.max_depth),
      avgDepth: num(r.avg_depth),
      maxAliases: num(r.max_aliases),
      maxFields: num(r.max_fields),
      avgFields: num(r.avg_fields),
      introspection: num(r.introspection),
      lastSeen: new Date(r.last_seen as string),
    }));
  }

  /** Login attempts and failures per application and endpoint (path without its query), over the window's buckets. */
  async loginSeries(scope: WafScope): Promise<{ applicationId: string | null; path: string; at: Date; attempts: number; failures: number }[]> {
    const bucket = loginBucketMs(scope.from, scope.to) / 1000;
    const rows = await rowsOf(
      this.db,
      sql`select l.application_id, l.path, to_timestamp(floor(extract(epoch from l.at) / ${bucket}) * ${bucket}) as at,
          count(*)::int as attempts, (count(*) filter (where l.failed))::int as failures
        from (${loginAttempts(scope)}) l group by 1, 2, 3 order by 3 limit 20000`,
    );
    return rows.map((r) => ({
      applicationId: strOrNull(r.application_id),
      path: String(r.path),
      at: new Date(r.at as string),
      attempts: num(r.attempts),
      failures: num(r.failures),
    }));
  }

  /** Each address's login attempts per application, most failures first. */
  async loginClients(scope: WafScope, limit = 200): Promise<LoginClientCount[]> {
    const rows = await rowsOf(
      this.db,
      sql`with l as (${loginAttempts(scope)}),
        per_account as (select application_id, client_ip, account, count(*) filter (where failed) as failures from l group by 1, 2, 3)
        select l.application_id, l.client_ip, count(*)::int as attempts, (count(*) filter (where l.failed))::int as failures,
          count(distinct l.account)::int as accounts, (count(distinct l.account) filter (where l.failed))::int as failed_accounts,
          (count(*) filter (where l.refused is not null))::int as refused, max(l.at) as last_at,
          (select max(p.failures) from per_account p where p.application_id is not distinct from l.application_id and p.client_ip = l.client_ip)::int
            as max_account_failures
        from l group by 1, 2 order by 4 desc, 5 desc limit ${limit}`,
    );
    return rows.map((r) => ({
      applicationId: strOrNull(r.application_id),
      clientIp: String(r.client_ip),
      attempts: num(r.attempts),
      failures: num(r.failures),
      accounts: num(r.accounts),
      failedAccounts: num(r.failed_accounts),
      maxAccountFailures: num(r.max_account_failures),
      refused: num(r.refused),
      lastAt: new Date(r.last_at as string),
    }));
  }

  /** Each account's login attempts per application, most failures first, with the newest attempt the edges acted on. */
  async loginAccounts(scope: WafScope, limit = 200): Promise<LoginAccountCount[]> {
    const rows = await rowsOf(
      this.db,
      sql`with l as (${loginAttempts(scope)})
        select l.application_id, l.account, count(*)::int as attempts, (count(*) filter (where l.failed))::int as failures,
          count(distinct l.client_ip)::int as clients, (count(distinct l.client_ip) filter (where l.failed))::int as failed_clients,
          max(l.at) as last_at, max(l.at) filter (where l.refused is not null) as last_refused_at,
          (array_agg(l.refused order by l.at desc) filter (where l.refused is not null))[1] as last_refused_action
        from l group by 1, 2 order by 4 desc, 6 desc limit ${limit}`,
    );
    return rows.map((r) => ({
      applicationId: strOrNull(r.application_id),
      account: String(r.account),
      attempts: num(r.attempts),
      failures: num(r.failures),
      clients: num(r.clients),
      failedClients: num(r.failed_clients),
      lastAt: new Date(r.last_at as string),
      lastRefusedAt: dateOrNull(r.last_refused_at),
      lastRefusedAction: strOrNull(r.last_refused_action),
    }));
  }
}
