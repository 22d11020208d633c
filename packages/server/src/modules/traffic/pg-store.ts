import { sql, type SQL } from 'drizzle-orm';
import {
  IP_PROTOCOLS,
  MAX_LOG_RETENTION_DAYS,
  UNKNOWN_KEY,
  type AnalyticsRetention,
  type FlowDimension,
  type RollupLevel,
  type TrafficProduct,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { PartitionKeeper } from './partitions';
import { rollupRows, type RollupRow } from './rollup';
import { urlRawRowOf, urlRollupRows } from './url-events';
import { deleteExpiredZtnaSessions, storeZtnaSessions } from './ztna-sessions';
import { wafAttackRowOf, wafRequestRowOf } from './waf-events';
import { storeDemResults } from './dem-store';
import { storeNdrEvidence } from './ndr-evidence-store';
import {
  TENANT_WIDE,
  batchKey,
  type AnalyticsStore,
  type FlowBatchToStore,
  type FlowFilter,
  type FlowToStore,
  type FlowsPage,
  type KeyTotals,
  type Scope,
  type StoredFlow,
  type UrlEventToStore,
  type WafAttackToStore,
  type WafRequestToStore,
} from './store';

const ROLLUP_TABLE = { minute: 'flow_rollup_minute', hour: 'flow_rollup_hour', day: 'flow_rollup_day' } as const;
type RollupTable = (typeof ROLLUP_TABLE)[keyof typeof ROLLUP_TABLE];

const PROTOCOL_CASE = `case protocol ${Object.entries(IP_PROTOCOLS)
  .map(([name, n]) => `when ${n} then '${name.toUpperCase()}'`)
  .join(' ')} else protocol::text end`;

const unknown = (column: string) => `coalesce(${column}, '${UNKNOWN_KEY}')`;
/** Each dimension's key over raw rows: what dimensionKeys gave the rollups at ingest (bench:flows builds its store's rollups with them). */
export const RAW_KEY: Record<FlowDimension, string> = {
  site: 'site',
  application: 'application',
  src_ip: 'src_ip',
  dst_ip: 'dst_ip',
  src_country: unknown('src_country'),
  dst_country: unknown('dst_country'),
  user: unknown('user_name'),
  user_app: `${unknown('user_name')} || E'\\t' || application`,
  protocol: PROTOCOL_CASE,
  server_port: 'server_port',
  client_port: 'client_port',
  wan: unknown('wan'),
  device: 'device_id::text',
};

/** The pair dimension's sides, over rollup keys ('user\tapplication'). */
const SIDE = { user: `split_part(key, E'\\t', 1)`, application: `split_part(key, E'\\t', 2)` } as const;

/** Over spanRows, whatever table each row came from. */
const SUMS = sql.raw('sum(bytes_out)::float8 as bytes_out, sum(bytes_in)::float8 as bytes_in, sum(packets)::float8 as packets, sum(flows)::float8 as flows');
const ORDER = sql.raw('sum(bytes_out + bytes_in) desc');
const RAW_SUMS =
  'sum(bytes_out)::float8 as bytes_out, sum(bytes_in)::float8 as bytes_in, sum(packets_out + packets_in)::float8 as packets, count(*)::float8 as flows';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const totalsOf = (r: Row): KeyTotals => ({
  key: String(r.key ?? ''),
  bytesOut: Number(r.bytes_out ?? 0),
  bytesIn: Number(r.bytes_in ?? 0),
  packets: Number(r.packets ?? 0),
  flows: Number(r.flows ?? 0),
});

/**
 * Claims a batch's key in the ingest's transaction: the keys claimed now are of the batches to
 * store; a resent batch, or one of a device's earlier life in the inventory, is claimed by none.
 */
export type ClaimBatchKeys = (tx: Db, keys: { deviceId: string; enrolment: number; seq: number }[]) => Promise<{ deviceId: string; seq: number }[]>;

/**
 * The analytics store on PostgreSQL: raw flows in day partitions, rollups per minute, hour and
 * day written with them in one transaction (so a batch is in all of them or none), every question
 * answered from the table its caller picked.
 */
export class PgAnalyticsStore implements AnalyticsStore {
  private readonly partitions: PartitionKeeper;

  constructor(
    private readonly db: Db,
    private readonly retention: () => AnalyticsRetention,
    /** The batch keys are the agent's (device_batches), claimed in the ingest's transaction so a batch is stored once or not at all. */
    private readonly claimBatchKeys: ClaimBatchKeys,
  ) {
    this.partitions = new PartitionKeeper(db);
  }

  async ingest(batches: FlowBatchToStore[]): Promise<Set<string>> {
    if (batches.length === 0) return new Set();
    const rawFrom = Date.now() - this.retention().rawHours * 3_600_000;
    const all = batches.flatMap((b) => b.flows);
    const events = batches.flatMap((b) => b.urlEvents);
    await this.partitions.ensure(
      'url_events',
      events.map((e) => e.at),
    );
    await this.partitions.ensure(
      'ztna_sessions',
      batches.flatMap((b) => b.ztnaSessions.map((s) => s.at)),
    );
    await this.partitions.ensure(
      'waf_requests',
      batches.flatMap((b) => (b.wafRequests ?? []).map((r) => r.at)),
    );
    await this.partitions.ensure(
      'waf_attacks',
      batches.flatMap((b) => (b.wafAttacks ?? []).map((a) => a.at)),
    );
    const demTimes = batches.flatMap((b) => (b.demResults ?? []).map((r) => r.at));
    await this.partitions.ensure('dem_results', demTimes);
    await this.partitions.ensure('dem_rollup_minute', demTimes);
    await this.partitions.ensure('dem_rollup_hour', demTimes);
    await this.partitions.ensure(
      'dns_queries',
      batches.flatMap((b) => (b.dnsQueries ?? []).map((q) => q.at)),
    );
    await this.partitions.ensure(
      'ids_alerts',
      batches.flatMap((b) => (b.idsAlerts ?? []).map((a) => a.at)),
    );
    // Raw rows older than their retention would land in a dropped (or never made) partition: the rollups keep them.
    const rawTimes = all.filter((f) => f.start.getTime() >= rawFrom).map((f) => f.start);
    await this.partitions.ensure('flow_records', rawTimes);
    const rollupTimes = [...all.map((f) => f.start), ...events.map((e) => e.at)];
    await this.partitions.ensure('flow_rollup_minute', rollupTimes);
    await this.partitions.ensure('flow_rollup_hour', rollupTimes);
    return this.db.transaction(async (tx) => {
      const keyed = batches.flatMap((b) => (b.seq === null ? [] : [{ deviceId: b.deviceId, enrolment: b.enrolment, seq: b.seq }]));
      const fresh = keyed.length > 0 ? await this.claimBatchKeys(tx as unknown as Db, keyed) : [];
      const stored = new Set(fresh.map((f) => batchKey(f.deviceId, f.seq)));
      const storedNow = batches.filter((b) => b.seq === null || stored.has(batchKey(b.deviceId, b.seq)));
      await storeUrlEvents(
        tx as unknown as Db,
        storedNow.flatMap((b) => b.urlEvents),
      );
      const sessions = storedNow.flatMap((b) => b.ztnaSessions);
      if (sessions.length > 0) await storeZtnaSessions(tx as unknown as Db, sessions);
      await storeWafEvents(
        tx as unknown as Db,
        storedNow.flatMap((b) => b.wafRequests ?? []),
        storedNow.flatMap((b) => b.wafAttacks ?? []),
      );
      const dem = storedNow.flatMap((b) => b.demResults ?? []);
      if (dem.length > 0) await storeDemResults(tx as unknown as Db, dem);
      await storeNdrEvidence(
        tx as unknown as Db,
        storedNow.flatMap((b) => b.dnsQueries ?? []),
        storedNow.flatMap((b) => b.idsAlerts ?? []),
      );
      const flows = storedNow.flatMap((b) => b.flows);
      if (flows.length === 0) return stored;
      await insertRaw(
        tx as unknown as Db,
        flows.filter((f) => f.start.getTime() >= rawFrom),
      );
      const rollups = rollupRows(flows);
      for (const level of ['minute', 'hour', 'day'] as const) await upsertRollup(tx as unknown as Db, ROLLUP_TABLE[level], rollups[level]);
      return stored;
    });
  }

  async top(level: RollupLevel, scope: Scope, dim: FlowDimension, limit: number, exclude: string[]): Promise<KeyTotals[]> {
    const rows = await rowsOf(
      this.db,
      sql`select key, ${SUMS} from (${spanRows(level, scope, dim)}) r
          ${exclude.length ? sql`where key <> all(${pgArray(exclude)})` : sql``}
          group by 1 order by ${ORDER}, 1 limit ${limit}`,
    );
    return rows.map(totalsOf);
  }

  async total(level: RollupLevel, scope: Scope, dim: FlowDimension): Promise<KeyTotals> {
    const [row] = await rowsOf(this.db, sql`select '' as key, ${SUMS} from (${spanRows(level, scope, dim)}) r`);
    return totalsOf(row ?? {});
  }

  async series(level: RollupLevel, scope: Scope, dim: FlowDimension, keys: string[]) {
    const src = source(level, scope, dim);
    const bucket = level === 'raw' ? sql.raw(`date_trunc('minute', start_at)`) : sql.raw('bucket');
    const rows = await rowsOf(
      this.db,
      sql`select ${bucket} as bucket, ${src.key} as key, ${src.sums}
          from ${src.from} where ${src.where} and ${src.key} = any(${pgArray(keys)}) group by 1, 2
          union all
          select ${bucket} as bucket, null as key, ${src.sums} from ${src.from} where ${src.where} group by 1`,
    );
    return rows.map((r) => ({ ...totalsOf(r), key: r.key === null ? null : String(r.key), bucket: new Date(r.bucket as string) }));
  }

  async topBySide(level: RollupLevel, scope: Scope, side: 'user' | 'application', limit: number, ofUser?: string): Promise<KeyTotals[]> {
    const by = sql.raw(SIDE[side]);
    const user = ofUser === undefined ? sql`` : sql`and ${sql.raw(SIDE.user)} = ${ofUser}`;
    const rows = await rowsOf(
      this.db,
      sql`select ${by} as key, ${SUMS} from (${spanRows(level, scope, 'user_app')}) r where ${by} <> ${UNKNOWN_KEY} ${user}
          group by 1 order by ${ORDER}, 1 limit ${limit}`,
    );
    return rows.map(totalsOf);
  }

  async nestedTop(level: RollupLevel, scope: Scope, _pairs: 'user_app', groupBy: 'user' | 'application', keys: string[], limit: number) {
    const outer = sql.raw(SIDE[groupBy]);
    const inner = sql.raw(SIDE[groupBy === 'user' ? 'application' : 'user']);
    const rows = await rowsOf<{ outer_key: string; inner_key: string; bytes: number }>(
      this.db,
      sql`select outer_key, inner_key, bytes from (
            select ${outer} as outer_key, ${inner} as inner_key, sum(bytes_out + bytes_in)::float8 as bytes,
              row_number() over (partition by ${outer} order by sum(bytes_out + bytes_in) desc, ${inner}) as rank
            from (${spanRows(level, scope, 'user_app')}) r where ${outer} = any(${pgArray(keys)}) and ${inner} <> ${UNKNOWN_KEY}
            group by 1, 2) ranked
          where rank <= ${limit} order by outer_key, bytes desc, inner_key`,
    );
    return rows.map((r) => ({ outer: String(r.outer_key), inner: String(r.inner_key), bytes: Number(r.bytes) }));
  }

  async flows(scope: Scope, filter: FlowFilter | null, search: string | null, offset: number, limit: number): Promise<FlowsPage> {
    const where = sql.join(
      [
        scopeWhere('raw', scope),
        ...(filter ? [sql`${sql.raw(RAW_KEY[filter.dim])} = ${filter.key}`] : []),
        ...(search
          ? [sql`concat_ws(' ', src_ip, dst_ip, application, site, user_name, wan, src_country, dst_country, server_port) ilike ${likePattern(search)}`]
          : []),
      ],
      sql` and `,
    );
    const [counted] = await rowsOf<{ n: string }>(this.db, sql`select count(*)::text as n from flow_records where ${where}`);
    const rows = await rowsOf(this.db, sql`select * from flow_records where ${where} order by start_at desc, src_ip, dst_ip offset ${offset} limit ${limit}`);
    return { count: Number(counted?.n ?? 0), rows: rows.map(storedFlowOf) };
  }

  async dropExpired(now: Date, retention: AnalyticsRetention): Promise<number> {
    const day = 86_400_000;
    return (
      (await this.partitions.dropBefore('flow_records', new Date(now.getTime() - retention.rawHours * 3_600_000))) +
      (await this.partitions.dropBefore('flow_rollup_minute', new Date(now.getTime() - retention.minuteDays * day))) +
      (await this.partitions.dropBefore('flow_rollup_hour', new Date(now.getTime() - retention.hourDays * day))) +
      // Tenants keep URL events for their logs' retention (row deletes, url-store.ts); no one keeps them longer than the most a tenant may set.
      (await this.partitions.dropBefore('url_events', new Date(now.getTime() - (MAX_LOG_RETENTION_DAYS + 1) * day))) +
      // Zero-trust sessions likewise; the session logs' own sweep drops days no tenant keeps any more (dropZtnaSessionsBefore).
      (await this.partitions.dropBefore('ztna_sessions', new Date(now.getTime() - (MAX_LOG_RETENTION_DAYS + 1) * day))) +
      // A WAF edge's logs are kept as long as a tenant may keep its logs, like URL events.
      (await this.partitions.dropBefore('waf_requests', new Date(now.getTime() - (MAX_LOG_RETENTION_DAYS + 1) * day))) +
      (await this.partitions.dropBefore('waf_attacks', new Date(now.getTime() - (MAX_LOG_RETENTION_DAYS + 1) * day))) +
      // DEM results are few (a test per application every few minutes): raw kept as long as the minute rollups.
      (await this.partitions.dropBefore('dem_results', new Date(now.getTime() - retention.minuteDays * day))) +
      (await this.partitions.dropBefore('dem_rollup_minute', new Date(now.getTime() - retention.minuteDays * day))) +
      (await this.partitions.dropBefore('dem_rollup_hour', new Date(now.getTime() - retention.hourDays * day))) +
      // NDR's DNS queries and IDS alerts are logs: kept as long as a tenant may keep its logs, like URL events.
      (await this.partitions.dropBefore('dns_queries', new Date(now.getTime() - (MAX_LOG_RETENTION_DAYS + 1) * day))) +
      (await this.partitions.dropBefore('ids_alerts', new Date(now.getTime() - (MAX_LOG_RETENTION_DAYS + 1) * day)))
    );
  }

  /** Drops the zero-trust session days that end before `before` (no tenant keeps them); returns how many. */
  dropZtnaSessionsBefore(before: Date): Promise<number> {
    return this.partitions.dropBefore('ztna_sessions', before);
  }

  /** Deletes each tenant's zero-trust sessions past the days it keeps them (the session logs' sweep says how many); returns how many rows. */
  deleteExpiredZtnaSessions(now: Date, kept: readonly { tenantId: string; days: number }[], otherwiseDays: number): Promise<number> {
    return deleteExpiredZtnaSessions(this.db, now, kept, otherwiseDays);
  }
}

/** A text array parameter both drivers take: a Postgres array literal, cast. */
const pgArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

function scopeWhere(level: RollupLevel, scope: Scope): SQL {
  const time = level === 'raw' ? sql.raw('start_at') : sql.raw('bucket');
  // Rollups hold each device's rows and the tenant-wide ones: a question about every device reads only the latter.
  const devices =
    scope.deviceIds !== null
      ? sql`and device_id = any(${`{${scope.deviceIds.join(',')}}`}::uuid[])`
      : level === 'raw'
        ? sql``
        : sql`and device_id = ${TENANT_WIDE}`;
  return sql`tenant_id = ${scope.tenantId} and product = ${scope.product} and ${time} >= ${scope.from.toISOString()} and ${time} < ${scope.to.toISOString()} ${devices}`;
}

const COARSER = { minute: 'hour', hour: 'day' } as const;
const WIDTH_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/**
 * A dimension's rows over the scope's window, (key, bytes_out, bytes_in, packets, flows), for a
 * ranking or a total: the window's whole hours (or days) from the next coarser rollup and only its
 * ragged ends from the level asked for. Coarser rollups are the finer ones summed, so the answer is
 * the same, from a fraction of the rows: a week of hour rows for a busy key space is six days of
 * day rows and two partial days of hours.
 */
function spanRows(level: RollupLevel, scope: Scope, dim: FlowDimension): SQL {
  if (level === 'raw') {
    return sql`select ${sql.raw(RAW_KEY[dim])} as key, bytes_out, bytes_in, packets_out + packets_in as packets, 1 as flows
               from flow_records where ${scopeWhere('raw', scope)}`;
  }
  const part = (table: Exclude<RollupLevel, 'raw'>, from: Date, to: Date) =>
    sql`select key, bytes_out, bytes_in, packets, flows from ${sql.raw(ROLLUP_TABLE[table])}
        where ${scopeWhere(table, { ...scope, from, to })} and dim = ${dim}`;
  if (level === 'day') return part('day', scope.from, scope.to);
  const coarse = COARSER[level];
  const width = WIDTH_MS[coarse];
  const inner = { from: new Date(Math.ceil(scope.from.getTime() / width) * width), to: new Date(Math.floor(scope.to.getTime() / width) * width) };
  if (inner.from >= inner.to) return part(level, scope.from, scope.to);
  return sql`${part(level, scope.from, inner.from)} union all ${part(coarse, inner.from, inner.to)} union all ${part(level, inner.to, scope.to)}`;
}

/** A level's rows with their own time buckets (a series is drawn bucket by bucket). */
function source(level: RollupLevel, scope: Scope, dim: FlowDimension) {
  if (level === 'raw') {
    return { from: sql.raw('flow_records'), key: sql.raw(RAW_KEY[dim]), sums: sql.raw(RAW_SUMS), where: scopeWhere(level, scope) };
  }
  return {
    from: sql.raw(ROLLUP_TABLE[level]),
    key: sql.raw('key'),
    sums: SUMS,
    where: sql`${scopeWhere(level, scope)} and dim = ${dim}`,
  };
}

/** A flow as a raw row, in flow_records' column names (bench:flows inserts the same rows for its baseline). */
export const rawRowOf = (f: FlowToStore) => ({
  tenant_id: f.tenantId,
  device_id: f.deviceId,
  network_id: f.networkId,
  product: f.product,
  start_at: f.start.toISOString(),
  end_at: f.end.toISOString(),
  src_ip: f.srcIp,
  src_port: f.srcPort,
  dst_ip: f.dstIp,
  dst_port: f.dstPort,
  protocol: f.protocol,
  bytes_out: f.bytesOut,
  packets_out: f.packetsOut,
  bytes_in: f.bytesIn,
  packets_in: f.packetsIn,
  in_ifname: f.inIfname,
  out_ifname: f.outIfname,
  wan: f.wan,
  dscp: f.dscp,
  application: f.application,
  site: f.site,
  user_name: f.user,
  src_country: f.srcCountry,
  dst_country: f.dstCountry,
  server_port: f.serverPort,
  client_port: f.clientPort,
});

async function insertRaw(db: Db, flows: FlowToStore[]): Promise<void> {
  for (let i = 0; i < flows.length; i += 5_000) {
    const rows = flows.slice(i, i + 5_000).map(rawRowOf);
    await db.execute(sql`
      insert into flow_records (tenant_id, device_id, network_id, product, start_at, end_at, src_ip, src_port, dst_ip, dst_port, protocol,
        bytes_out, packets_out, bytes_in, packets_in, in_ifname, out_ifname, wan, dscp, application, site, user_name, src_country, dst_country,
        server_port, client_port)
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(tenant_id uuid, device_id uuid, network_id uuid, product text,
        start_at timestamptz, end_at timestamptz, src_ip text, src_port int, dst_ip text, dst_port int, protocol smallint, bytes_out bigint,
        packets_out bigint, bytes_in bigint, packets_in bigint, in_ifname text, out_ifname text, wan text, dscp smallint, application text,
        site text, user_name text, src_country text, dst_country text, server_port text, client_port text)`);
  }
}

async function storeWafEvents(db: Db, requests: WafRequestToStore[], attacks: WafAttackToStore[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 5_000) {
    const rows = requests.slice(i, i + 5_000).map(wafRequestRowOf);
    await db.execute(sql`
      insert into waf_requests (tenant_id, device_id, application_id, at, request_id, host, client_ip, country, method, path, status, bytes,
        elapsed_ms, user_agent, accept_language, accept_encoding, sec_ch_ua, api_key, bot_class, headers_logged, graphql, login)
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(tenant_id uuid, device_id uuid, application_id uuid,
        at timestamptz, request_id text, host text, client_ip text, country text, method text, path text, status smallint, bytes bigint,
        elapsed_ms int, user_agent text, accept_language text, accept_encoding text, sec_ch_ua text, api_key text, bot_class text, headers_logged boolean, graphql jsonb, login jsonb)`);
  }
  for (let i = 0; i < attacks.length; i += 5_000) {
    const rows = attacks.slice(i, i + 5_000).map(wafAttackRowOf);
    await db.execute(sql`
      insert into waf_attacks (tenant_id, device_id, application_id, at, seq, n, request_id, host, client_ip, country, method, path, status,
        action, category, anomaly_score, rule_ids, rules, user_agent)
      select tenant_id, device_id, application_id, at, seq, n, request_id, host, client_ip, country, method, path, status, action, category,
        anomaly_score, array(select jsonb_array_elements_text(rule_ids)::int), rules, user_agent
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(tenant_id uuid, device_id uuid, application_id uuid,
        at timestamptz, seq bigint, n int, request_id text, host text, client_ip text, country text, method text, path text, status smallint,
        action text, category text, anomaly_score int, rule_ids jsonb, rules jsonb, user_agent text)`);
  }
}

async function storeUrlEvents(db: Db, events: UrlEventToStore[]): Promise<void> {
  if (events.length === 0) return;
  for (let i = 0; i < events.length; i += 5_000) {
    const rows = events.slice(i, i + 5_000).map(urlRawRowOf);
    await db.execute(sql`
      insert into url_events (tenant_id, device_id, network_id, product, at, seq, n, user_name, client_ip, method, scheme, host, domain, path,
        status, bytes, elapsed_ms, content_type, category, application, action, rule, policy_id, policy_name, matched, via)
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(tenant_id uuid, device_id uuid, network_id uuid, product text,
        at timestamptz, seq bigint, n int, user_name text, client_ip text, method text, scheme text, host text, domain text, path text,
        status smallint, bytes bigint, elapsed_ms int, content_type text, category text, application text, action text, rule text,
        policy_id uuid, policy_name text, matched text, via text)`);
  }
  const rollups = urlRollupRows(events);
  for (const level of ['minute', 'hour', 'day'] as const) await upsertRollup(db, ROLLUP_TABLE[level], rollups[level]);
}

/** Adds to the rollup rows; rows come sorted by key, so two instances adding to the same rows take their locks in one order. */
async function upsertRollup(db: Db, table: RollupTable, rows: RollupRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5_000) {
    const part = rows.slice(i, i + 5_000);
    await db.execute(sql`
      insert into ${sql.raw(table)} as t (tenant_id, product, dim, bucket, device_id, key, bytes_out, bytes_in, packets, flows)
      select * from json_to_recordset(${JSON.stringify(part)}::json) as r(t uuid, p text, d text, b timestamptz, v uuid, k text,
        o bigint, i bigint, n bigint, f bigint)
      on conflict (tenant_id, product, dim, bucket, device_id, key) do update set
        bytes_out = t.bytes_out + excluded.bytes_out, bytes_in = t.bytes_in + excluded.bytes_in,
        packets = t.packets + excluded.packets, flows = t.flows + excluded.flows`);
  }
}

function storedFlowOf(r: Row): StoredFlow {
  const s = (k: string) => (r[k] === null || r[k] === undefined ? null : String(r[k]));
  return {
    tenantId: String(r.tenant_id),
    deviceId: String(r.device_id),
    networkId: s('network_id'),
    product: String(r.product) as TrafficProduct,
    start: new Date(r.start_at as string),
    end: new Date(r.end_at as string),
    srcIp: String(r.src_ip),
    srcPort: Number(r.src_port),
    dstIp: String(r.dst_ip),
    dstPort: Number(r.dst_port),
    protocol: Number(r.protocol),
    bytesOut: Number(r.bytes_out),
    packetsOut: Number(r.packets_out),
    bytesIn: Number(r.bytes_in),
    packetsIn: Number(r.packets_in),
    inIfname: String(r.in_ifname),
    outIfname: String(r.out_ifname),
    wan: s('wan'),
    dscp: Number(r.dscp),
    application: String(r.application),
    site: String(r.site),
    user: s('user_name'),
    srcCountry: s('src_country'),
    dstCountry: s('dst_country'),
    serverPort: String(r.server_port),
    clientPort: String(r.client_port),
  };
}
