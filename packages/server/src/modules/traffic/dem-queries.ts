import { sql, type SQL } from 'drizzle-orm';
import type { DemComponent } from '@netloom/domain';
import type { Db } from '../../db/client';
import { DEM_ROLLUP_MEASURES, DEM_ROLLUP_TABLE } from './dem-store';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export type DemLevel = keyof typeof DEM_ROLLUP_TABLE;
export type DemGroup = 'application' | 'user' | 'location' | 'network';

/** Which DEM rows a question reads: one tenant, a window, and what it narrows to. */
export interface DemScope {
  tenantId: string;
  from: Date;
  to: Date;
  applicationId: string | null;
  user: string | null;
  location: string | null;
  network: string | null;
  deviceId?: string | null;
}

/** Sums of a group of results: samples, successes, the score's sum, and each measured component's sum and count. */
export interface DemTotals {
  samples: number;
  ok: number;
  scoreSum: number;
  measures: Partial<Record<Exclude<DemComponent, 'availability'>, { sum: number; n: number }>>;
}

export interface DemRawRow {
  at: Date;
  deviceId: string;
  deviceName: string;
  user: string | null;
  applicationId: string;
  testId: string;
  kind: string;
  ok: boolean;
  status: number | null;
  error: string | null;
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  ttfbMs: number | null;
  totalMs: number | null;
  latencyMs: number | null;
  loss: number | null;
  hops: number | null;
  path: string;
  relay: string | null;
  networkKind: string;
  network: string;
  wifiSignalDbm: number | null;
  cpuPct: number | null;
  memoryPct: number | null;
  location: string | null;
  score: number;
  worstComponent: string | null;
  cause: string | null;
}

const GROUP_KEY: Record<DemGroup, string> = { application: 'application_id::text', user: 'user_name', location: 'location', network: 'network' };
const MEASURE_KEYS = Object.keys(DEM_ROLLUP_MEASURES) as (keyof typeof DEM_ROLLUP_MEASURES)[];
const TOTAL_SUMS = sql.raw(
  [
    'sum(samples) as samples',
    'sum(ok) as ok',
    'sum(score_sum) as score_sum',
    ...MEASURE_KEYS.flatMap((k) => [`sum(${k}_sum) as ${k}_sum`, `sum(${k}_n) as ${k}_n`]),
  ].join(', '),
);

function totalsOf(r: Row): DemTotals {
  const measures: DemTotals['measures'] = {};
  for (const k of MEASURE_KEYS) measures[k] = { sum: num(r[`${k}_sum`]), n: num(r[`${k}_n`]) };
  return { samples: num(r.samples), ok: num(r.ok), scoreSum: num(r.score_sum), measures };
}

/** The rollup rows of the scope: buckets that start in the window (a bucket is counted whole). */
function rollupWhere(s: DemScope, from: Date, to: Date): SQL {
  return sql.join(
    [
      sql`tenant_id = ${s.tenantId}`,
      sql`bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz`,
      ...(s.applicationId ? [sql`application_id = ${s.applicationId}`] : []),
      ...(s.user !== null ? [sql`user_name = ${s.user}`] : []),
      ...(s.location !== null ? [sql`location = ${s.location}`] : []),
      ...(s.network !== null ? [sql`network = ${s.network}`] : []),
      ...(s.deviceId ? [sql`device_id = ${s.deviceId}`] : []),
    ],
    sql` and `,
  );
}

function rawWhere(s: DemScope, alias = 'r'): SQL {
  const a = sql.raw(alias);
  return sql.join(
    [
      sql`${a}.tenant_id = ${s.tenantId}`,
      sql`${a}.at >= ${s.from.toISOString()}::timestamptz and ${a}.at < ${s.to.toISOString()}::timestamptz`,
      ...(s.applicationId ? [sql`${a}.application_id = ${s.applicationId}`] : []),
      ...(s.user !== null ? [sql`${a}.user_name = ${s.user}`] : []),
      ...(s.location !== null ? [sql`${a}.location = ${s.location}`] : []),
      ...(s.network !== null ? [sql`${a}.network = ${s.network}`] : []),
      ...(s.deviceId ? [sql`${a}.device_id = ${s.deviceId}`] : []),
    ],
    sql` and `,
  );
}

const rawRowOf = (r: Row): DemRawRow => ({
  at: new Date(r.at as string),
  deviceId: String(r.device_id),
  deviceName: String(r.device_name ?? ''),
  user: (r.user_name as string | null) ?? null,
  applicationId: String(r.application_id),
  testId: String(r.test_id),
  kind: String(r.kind),
  ok: r.ok === true || r.ok === 't',
  status: numOrNull(r.status),
  error: (r.error as string | null) ?? null,
  dnsMs: numOrNull(r.dns_ms),
  connectMs: numOrNull(r.connect_ms),
  tlsMs: numOrNull(r.tls_ms),
  ttfbMs: numOrNull(r.ttfb_ms),
  totalMs: numOrNull(r.total_ms),
  latencyMs: numOrNull(r.latency_ms),
  loss: numOrNull(r.loss),
  hops: numOrNull(r.hops),
  path: String(r.path),
  relay: (r.relay as string | null) ?? null,
  networkKind: String(r.network_kind),
  network: String(r.network),
  wifiSignalDbm: numOrNull(r.wifi_signal_dbm),
  cpuPct: numOrNull(r.cpu_pct),
  memoryPct: numOrNull(r.memory_pct),
  location: (r.location as string | null) || null,
  score: num(r.score),
  worstComponent: (r.worst_component as string | null) ?? null,
  cause: (r.cause as string | null) ?? null,
});

/**
 * The analytics store's DEM rows as the DEM page asks for them: scores from the rollups (sums of
 * scores and components, so a group's mean is exact whatever the level), medians and the users
 * affected now from the raw results.
 */
export class DemAnalytics {
  constructor(private readonly db: Db) {}

  /** Totals per group over the window, from the level's rollup table. */
  async groups(level: DemLevel, s: DemScope, by: DemGroup, from = s.from, to = s.to): Promise<(DemTotals & { key: string })[]> {
    const key = sql.raw(GROUP_KEY[by]);
    const rows = await rowsOf(
      this.db,
      sql`select ${key} as key, ${TOTAL_SUMS} from ${sql.raw(DEM_ROLLUP_TABLE[level])} where ${rollupWhere(s, from, to)} group by 1 order by 1`,
    );
    return rows.map((r) => ({ key: String(r.key), ...totalsOf(r) }));
  }

  /** Totals per time step (a multiple of the level's bucket), oldest first. */
  async series(level: DemLevel, s: DemScope, stepSeconds: number): Promise<(DemTotals & { at: Date })[]> {
    const rows = await rowsOf(
      this.db,
      sql`select date_bin(${`${stepSeconds} seconds`}::interval, bucket, '2000-01-01T00:00:00Z'::timestamptz) as at, ${TOTAL_SUMS}
          from ${sql.raw(DEM_ROLLUP_TABLE[level])} where ${rollupWhere(s, s.from, s.to)} group by 1 order by 1`,
    );
    return rows.map((r) => ({ at: new Date(r.at as string), ...totalsOf(r) }));
  }

  /** The median page load (total) per application over the window, from the raw results. */
  async medianTotals(s: DemScope): Promise<Map<string, number>> {
    const rows = await rowsOf(
      this.db,
      sql`select application_id, percentile_cont(0.5) within group (order by total_ms) as p50 from dem_results r
          where ${rawWhere(s)} and total_ms is not null group by 1`,
    );
    return new Map(rows.map((r) => [String(r.application_id), num(r.p50)]));
  }

  /** Raw results, newest first, with their endpoint's name. */
  async results(s: DemScope, offset: number, limit: number): Promise<{ count: number; rows: DemRawRow[] }> {
    const [rows, [total]] = await Promise.all([
      rowsOf(
        this.db,
        sql`select r.*, d.name as device_name from dem_results r left join devices d on d.id = r.device_id
            where ${rawWhere(s)} order by r.at desc, r.device_id, r.seq desc, r.n desc offset ${offset} limit ${limit}`,
      ),
      rowsOf(this.db, sql`select count(*) as n from dem_results r where ${rawWhere(s)}`),
    ]);
    return { count: num(total?.n), rows: rows.map(rawRowOf) };
  }

  /** Every result of the scope (the users affected now read the last minutes), oldest first. */
  async recent(s: DemScope): Promise<DemRawRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select r.*, d.name as device_name from dem_results r left join devices d on d.id = r.device_id
          where ${rawWhere(s)} order by r.at, r.device_id, r.seq, r.n limit 20000`,
    );
    return rows.map(rawRowOf);
  }

  /** One endpoint's newest scores of one application since `from`, newest first: where its current poor run began. */
  async history(tenantId: string, deviceId: string, applicationId: string, from: Date): Promise<{ at: Date; score: number }[]> {
    const rows = await rowsOf(
      this.db,
      sql`select at, score from dem_results where tenant_id = ${tenantId} and device_id = ${deviceId} and application_id = ${applicationId}
          and at >= ${from.toISOString()}::timestamptz order by at desc limit 2000`,
    );
    return rows.map((r) => ({ at: new Date(r.at as string), score: num(r.score) }));
  }
}
