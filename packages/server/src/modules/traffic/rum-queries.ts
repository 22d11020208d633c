import { sql, type SQL } from 'drizzle-orm';
import { VITAL_NAMES, type RumBreakdown, type VitalName } from '@netloom/domain';
import type { Db } from '../../db/client';
import { LEVEL_MS, type RumRollupLevel } from './rum-rows';

type Row = Record<string, unknown>;
const rowsOf = async <T extends Row>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const num = (v: unknown): number => Number(v ?? 0);

/** One site's rows in a window, maybe narrowed to a page, a country, a browser or a device class. */
export interface RumScope {
  siteId: string;
  from: Date;
  to: Date;
  page?: string;
  country?: string;
  browser?: string;
  deviceClass?: string;
}

/** How long each rollup level is kept, in days (the day level for good). */
export interface RumRollupRetention {
  minuteDays: number;
  hourDays: number;
}

/** A histogram cell: the counts of one bucket of one rating, under a key (a time, a page, a country…). */
export interface HistogramCell {
  key: string;
  vital: VitalName;
  rating: string;
  bucket: number;
  count: number;
}

/**
 * The coarsest rollup that answers: a window over two weeks reads days, over six hours reads hours,
 * anything shorter minutes; a window reaching back past a level's retention reads the next level.
 * The window's ends are rounded out to the level's width.
 */
function rumLevelFor(scope: Pick<RumScope, 'from' | 'to'>, retention: RumRollupRetention, totalsOnly = true, now = new Date()): RumRollupLevel {
  const span = scope.to.getTime() - scope.from.getTime();
  const age = (now.getTime() - scope.from.getTime()) / 86_400_000;
  if (span > 14 * 86_400_000 || age > retention.hourDays) return 'day';
  // Minute rollups hold the site's totals only: a breakdown or a filter reads hours.
  if (span > 6 * 3_600_000 || age > retention.minuteDays || !totalsOnly) return 'hour';
  return 'minute';
}

const PAGE_ROLLUP = { minute: 'rum_page_rollup_minute', hour: 'rum_page_rollup_hour', day: 'rum_page_rollup_day' } as const;
const VITAL_ROLLUP = { minute: 'rum_vital_rollup_minute', hour: 'rum_vital_rollup_hour', day: 'rum_vital_rollup_day' } as const;
const PAGE_DIMS = { minute: 'rum_page_dims_minute', hour: 'rum_page_dims_hour', day: 'rum_page_dims_day' } as const;
const VITAL_DIMS = { minute: 'rum_vital_dims_minute', hour: 'rum_vital_dims_hour', day: 'rum_vital_dims_day' } as const;

/** A question narrowed by a dimension reads the rollups of every combination; an open one the one-dimension rollups. */
const isFiltered = (s: RumScope) => s.page !== undefined || s.country !== undefined || s.browser !== undefined || s.deviceClass !== undefined;

/** One-dimension rollup rows of the site in the window (rounded out to the level), of one dimension ('' the total), maybe of one key. */
function dimWhere(s: RumScope, level: RumRollupLevel, dim: string, key?: string): SQL {
  const w = LEVEL_MS[level];
  const where = sql`r.site_id = ${s.siteId} and r.dim = ${dim} and r.at >= ${floorTo(s.from, w)}::timestamptz and r.at < ${ceilTo(s.to, w)}::timestamptz`;
  return key === undefined || dim === '' ? where : sql`${where} and r.key = ${key}`;
}

/**
 * The one dimension a question is narrowed by and its value ('' for none): the one-dimension rollups
 * answer it. Null when it is narrowed by more than one: only the combinations do.
 */
function oneDim(s: RumScope): { dim: string; key: string } | null {
  const set = [
    ...(s.page !== undefined ? [{ dim: 'page', key: s.page }] : []),
    ...(s.country !== undefined ? [{ dim: 'country', key: s.country }] : []),
    ...(s.browser !== undefined ? [{ dim: 'browser', key: s.browser }] : []),
    ...(s.deviceClass !== undefined ? [{ dim: 'device_class', key: s.deviceClass }] : []),
  ];
  if (set.length === 0) return { dim: '', key: '' };
  return set.length === 1 ? set[0]! : null;
}

const floorTo = (d: Date, ms: number) => new Date(Math.floor(d.getTime() / ms) * ms).toISOString();
const ceilTo = (d: Date, ms: number) => new Date(Math.ceil(d.getTime() / ms) * ms).toISOString();

function rollupWhere(s: RumScope, level: RumRollupLevel, alias = 'r'): SQL {
  const a = sql.raw(alias);
  const w = LEVEL_MS[level];
  return sql.join(
    [sql`${a}.site_id = ${s.siteId}`, sql`${a}.at >= ${floorTo(s.from, w)}::timestamptz and ${a}.at < ${ceilTo(s.to, w)}::timestamptz`, ...dimFilters(s, a)],
    sql` and `,
  );
}

function dimFilters(s: RumScope, a: SQL): SQL[] {
  return [
    ...(s.page !== undefined ? [sql`${a}.page = ${s.page}`] : []),
    ...(s.country !== undefined ? [sql`${a}.country = ${s.country}`] : []),
    ...(s.browser !== undefined ? [sql`${a}.browser = ${s.browser}`] : []),
    ...(s.deviceClass !== undefined ? [sql`${a}.device_class = ${s.deviceClass}`] : []),
  ];
}

/** Raw rows of the site in the exact window, with the same filters. */
export function rawWhere(s: RumScope, alias: string): SQL {
  const a = sql.raw(alias);
  return sql.join(
    [
      sql`${a}.site_id = ${s.siteId}`,
      sql`${a}.at >= ${s.from.toISOString()}::timestamptz and ${a}.at < ${s.to.toISOString()}::timestamptz`,
      ...dimFilters(s, a),
    ],
    sql` and `,
  );
}

const BREAKDOWN_COLUMN: Record<RumBreakdown, string> = { page: 'page', country: 'country', browser: 'browser', device_class: 'device_class', os: 'os' };

/** RUM's analytics store, the read side: everything the RUM page charts comes from the rollups. */
export class RumAnalytics {
  constructor(
    private readonly db: Db,
    private readonly retention: () => RumRollupRetention,
  ) {}

  /** The level a question reads: `totalsOnly` for the site's totals, unfiltered (the only rows minutes keep). */
  level(scope: RumScope, totalsOnly = !isFiltered(scope)): RumRollupLevel {
    return rumLevelFor(scope, this.retention(), totalsOnly);
  }

  /** Page views and errors in the window. */
  async pageTotals(scope: RumScope): Promise<{ views: number; errors: number }> {
    const level = this.level(scope);
    const one = oneDim(scope);
    const from = one
      ? sql`${sql.raw(PAGE_DIMS[level])} r where ${dimWhere(scope, level, one.dim, one.key)}`
      : sql`${sql.raw(PAGE_ROLLUP[level])} r where ${rollupWhere(scope, level)}`;
    const [row] = await rowsOf(this.db, sql`select coalesce(sum(views), 0)::text as views, coalesce(sum(errors), 0)::text as errors from ${from}`);
    return { views: num(row?.views), errors: num(row?.errors) };
  }

  /** Sessions that started in the window. */
  async sessionCount(scope: RumScope): Promise<number> {
    // Sessions are counted by their entry page's dimensions: a page filter means any page of the session, which the sessions table answers.
    const one = oneDim(scope);
    if (one && one.dim !== 'page') {
      const level = this.level(scope);
      const [total] = await rowsOf(
        this.db,
        sql`select coalesce(sum(sessions), 0)::text as n from ${sql.raw(PAGE_DIMS[level])} r where ${dimWhere(scope, level, one.dim, one.key)}`,
      );
      return num(total?.n);
    }
    const [row] = await rowsOf(this.db, sql`select count(*)::text as n from rum_sessions s where ${sessionWhere(scope)}`);
    return num(row?.n);
  }

  /** Every vital's histogram over the window (key ''). */
  histogram(scope: RumScope, vitals: readonly VitalName[] = VITAL_NAMES): Promise<HistogramCell[]> {
    const level = this.level(scope);
    return this.cells(
      sql`select '' as key, vital, rating, bucket, sum(count)::text as count from ${this.vitalRows(scope, level)} and r.vital in ${sql`(${sql.join(
        vitals.map((v) => sql`${v}`),
        sql`, `,
      )})`}
        group by vital, rating, bucket`,
    );
  }

  /** One vital's histogram per step of time (key: the step's start, ISO). */
  async series(scope: RumScope, vital: VitalName): Promise<{ stepMs: number; cells: HistogramCell[] }> {
    const level = this.level(scope);
    const stepMs = seriesStep(scope, level);
    const cells = await this.cells(
      sql`select to_char(to_timestamp(floor(extract(epoch from r.at) / ${stepMs / 1000}) * ${stepMs / 1000}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as key,
          vital, rating, bucket, sum(count)::text as count
        from ${this.vitalRows(scope, level)} and r.vital = ${vital}
        group by 1, vital, rating, bucket`,
    );
    return { stepMs, cells };
  }

  /** One vital's histogram per value of a dimension. */
  breakdown(scope: RumScope, vital: VitalName, by: RumBreakdown): Promise<HistogramCell[]> {
    const level = this.level(scope, false);
    if (!isFiltered(scope))
      return this.cells(
        sql`select r.key, vital, rating, bucket, sum(count)::text as count from ${sql.raw(VITAL_DIMS[level])} r
          where ${dimWhere(scope, level, BREAKDOWN_COLUMN[by])} and r.vital = ${vital}
          group by r.key, vital, rating, bucket`,
      );
    const column = sql.raw(`r.${BREAKDOWN_COLUMN[by]}`);
    return this.cells(
      sql`select ${column} as key, vital, rating, bucket, sum(count)::text as count
        from ${sql.raw(VITAL_ROLLUP[level])} r where ${rollupWhere(scope, level)} and r.vital = ${vital}
        group by ${column}, vital, rating, bucket`,
    );
  }

  /** `from … where …` of the vital rows that answer the scope: one-dimension rollups unless it is narrowed by two dimensions or more. */
  private vitalRows(scope: RumScope, level: RumRollupLevel): SQL {
    const one = oneDim(scope);
    return one
      ? sql`${sql.raw(VITAL_DIMS[level])} r where ${dimWhere(scope, level, one.dim, one.key)}`
      : sql`${sql.raw(VITAL_ROLLUP[level])} r where ${rollupWhere(scope, level)}`;
  }

  private async cells(query: SQL): Promise<HistogramCell[]> {
    return (await rowsOf(this.db, query)).map((r) => ({
      key: String(r.key),
      vital: String(r.vital) as VitalName,
      rating: String(r.rating),
      bucket: num(r.bucket),
      count: num(r.count),
    }));
  }
}

export function sessionWhere(s: RumScope): SQL {
  return sql.join(
    [
      sql`s.site_id = ${s.siteId}`,
      sql`s.started_at >= ${s.from.toISOString()}::timestamptz and s.started_at < ${s.to.toISOString()}::timestamptz`,
      ...(s.country !== undefined ? [sql`s.country = ${s.country}`] : []),
      ...(s.browser !== undefined ? [sql`s.browser = ${s.browser}`] : []),
      ...(s.deviceClass !== undefined ? [sql`s.device_class = ${s.deviceClass}`] : []),
      ...(s.page !== undefined
        ? [sql`exists (select 1 from rum_page_views v where v.site_id = s.site_id and v.session_id = s.session_id and v.page = ${s.page})`]
        : []),
    ],
    sql` and `,
  );
}

/** About a hundred points over the window, each at least the level's width. */
function seriesStep(scope: Pick<RumScope, 'from' | 'to'>, level: RumRollupLevel): number {
  const span = scope.to.getTime() - scope.from.getTime();
  for (const ms of [60_000, 300_000, 900_000, 3_600_000, 21_600_000, 86_400_000, 7 * 86_400_000]) if (ms >= LEVEL_MS[level] && span / ms <= 150) return ms;
  return 30 * 86_400_000;
}
