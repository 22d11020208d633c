import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { PartitionKeeper, type PartitionedTable } from './partitions';
import {
  ROLLUP_LEVELS,
  rumRollupsOf,
  rumRowsOf,
  type PageRollupRow,
  type RumBeaconToStore,
  type RumRollupLevel,
  type SessionRow,
  type VitalRollupRow,
} from './rum-rows';
import { RUM_DIMS, rumDimRollupsOf, type PageDimRow, type VitalDimRow } from './rum-dim-rows';

export type { RumBeaconToStore } from './rum-rows';

const CHUNK = 2_000;
const chunks = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};
const json = (rows: unknown[]) => JSON.stringify(rows);

const PAGE_ROLLUP = { minute: 'rum_page_rollup_minute', hour: 'rum_page_rollup_hour', day: 'rum_page_rollup_day' } as const;
const VITAL_ROLLUP = { minute: 'rum_vital_rollup_minute', hour: 'rum_vital_rollup_hour', day: 'rum_vital_rollup_day' } as const;
const PAGE_DIMS = { minute: 'rum_page_dims_minute', hour: 'rum_page_dims_hour', day: 'rum_page_dims_day' } as const;
const VITAL_DIMS = { minute: 'rum_vital_dims_minute', hour: 'rum_vital_dims_hour', day: 'rum_vital_dims_day' } as const;
const ROLLUP_PARTITIONS = [
  'rum_page_rollup_hour',
  'rum_vital_rollup_hour',
  'rum_page_dims_minute',
  'rum_page_dims_hour',
  'rum_vital_dims_minute',
  'rum_vital_dims_hour',
] as const;

/**
 * RUM's analytics store, the write side: a batch of beacons becomes raw page views, vitals and errors
 * (day partitions), one upsert per session, and additions to the page and vital rollups of every
 * level, all in one transaction. The ingest answers only after it commits.
 */
export class RumStore {
  private readonly partitions: PartitionKeeper;

  constructor(private readonly db: Db) {
    this.partitions = new PartitionKeeper(db);
  }

  async write(beacons: readonly RumBeaconToStore[]): Promise<void> {
    if (beacons.length === 0) return;
    const rows = rumRowsOf(beacons);
    const times = (list: { at: string }[]) => list.map((r) => new Date(r.at));
    await this.ensure('rum_page_views', times(rows.views));
    await this.ensure('rum_vitals', times(rows.vitals));
    await this.ensure('rum_errors', times(rows.errors));
    const all = [...times(rows.views), ...times(rows.vitals), ...times(rows.errors)];
    for (const t of ROLLUP_PARTITIONS) await this.ensure(t, all);
    await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      for (const part of chunks(rows.views))
        await tx.execute(sql`
          insert into rum_page_views (tenant_id, site_id, at, session_id, page_view_id, kind, origin, path, page, from_page, referrer, release,
            nav_type, country, browser, os, device_class, timing, resources)
          select tenant_id, site_id, at, session_id, page_view_id, kind, origin, path, page, from_page, referrer, release, nav_type, country,
            browser, os, device_class, timing, resources
          from json_to_recordset(${json(part)}::json) as r(tenant_id uuid, site_id uuid, at timestamptz, session_id text, page_view_id text,
            kind text, origin text, path text, page text, from_page text, referrer text, release text, nav_type text, country text, browser text,
            os text, device_class text, timing jsonb, resources jsonb)`);
      for (const part of chunks(rows.vitals))
        await tx.execute(sql`
          insert into rum_vitals (tenant_id, site_id, at, session_id, page_view_id, page, country, browser, os, device_class, name, value, rating, attribution)
          select tenant_id, site_id, at, session_id, page_view_id, page, country, browser, os, device_class, name, value, rating, attribution
          from json_to_recordset(${json(part)}::json) as r(tenant_id uuid, site_id uuid, at timestamptz, session_id text, page_view_id text,
            page text, country text, browser text, os text, device_class text, name text, value double precision, rating text, attribution jsonb)`);
      for (const part of chunks(rows.errors))
        await tx.execute(sql`
          insert into rum_errors (tenant_id, site_id, at, session_id, page_view_id, page, country, browser, os, device_class, release, fingerprint,
            kind, message, stack, source, line, col)
          select tenant_id, site_id, at, session_id, page_view_id, page, country, browser, os, device_class, release, fingerprint, kind, message,
            stack, source, line, col
          from json_to_recordset(${json(part)}::json) as r(tenant_id uuid, site_id uuid, at timestamptz, session_id text, page_view_id text,
            page text, country text, browser text, os text, device_class text, release text, fingerprint text, kind text, message text,
            stack text, source text, line int, col int)`);
      const started: SessionRow[] = [];
      for (const part of chunks(rows.sessions)) {
        // xmax is 0 on a row this statement inserted: the session's first beacon, counted once in the rollups.
        const result = (await tx.execute(sql`
          insert into rum_sessions as s (tenant_id, site_id, session_id, started_at, ended_at, page_views, errors, country, browser, os,
            device_class, entry_page, exit_page)
          select * from json_to_recordset(${json(part)}::json) as r(tenant_id uuid, site_id uuid, session_id text, started_at timestamptz,
            ended_at timestamptz, page_views int, errors int, country text, browser text, os text, device_class text, entry_page text, exit_page text)
          on conflict (site_id, session_id) do update set
            page_views = s.page_views + excluded.page_views,
            errors = s.errors + excluded.errors,
            entry_page = case when excluded.started_at < s.started_at then excluded.entry_page else s.entry_page end,
            started_at = least(s.started_at, excluded.started_at),
            exit_page = case when excluded.ended_at >= s.ended_at then excluded.exit_page else s.exit_page end,
            ended_at = greatest(s.ended_at, excluded.ended_at)
          returning s.site_id::text as site_id, s.session_id, (s.xmax = 0) as inserted`)) as unknown as {
          rows: { site_id: string; session_id: string; inserted: boolean }[];
        };
        const fresh = new Set(result.rows.filter((r) => r.inserted).map((r) => `${r.site_id}|${r.session_id}`));
        started.push(...part.filter((p) => fresh.has(`${p.site_id}|${p.session_id}`)));
      }
      for (const level of ROLLUP_LEVELS) {
        // Minutes keep the site's totals only (the short windows' charts and the alerts); breakdowns and filters read hours.
        if (level !== 'minute') {
          const full = rumRollupsOf(rows, level);
          await upsertPageRollup(tx, level, full.pages);
          await upsertVitalRollup(tx, level, full.vitals);
        }
        const dims = rumDimRollupsOf(rows, level, started, level === 'minute' ? [''] : RUM_DIMS);
        await upsertPageDims(tx, level, dims.pages);
        await upsertVitalDims(tx, level, dims.vitals);
      }
    });
  }

  private ensure(table: PartitionedTable, times: Date[]): Promise<void> {
    return times.length > 0 ? this.partitions.ensure(table, times) : Promise.resolve();
  }

  /**
   * Drops raw days past `rawDays`, minute rollups past `minuteDays`, hour rollups past `hourDays`
   * (day rollups are kept), and sessions that ended before the raw rows they summarise; returns how many.
   */
  async dropExpired(now: Date, keep: { rawDays: number; minuteDays: number; hourDays: number }): Promise<number> {
    const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
    let dropped = 0;
    for (const t of ['rum_page_views', 'rum_vitals', 'rum_errors'] as const) dropped += await this.partitions.dropBefore(t, before(keep.rawDays));
    for (const t of ROLLUP_PARTITIONS) dropped += await this.partitions.dropBefore(t, before(t.endsWith('_minute') ? keep.minuteDays : keep.hourDays));
    await this.db.execute(sql`delete from rum_sessions where ended_at < ${before(keep.rawDays).toISOString()}::timestamptz`);
    return dropped;
  }
}

async function upsertPageRollup(tx: Db, level: RumRollupLevel, rows: PageRollupRow[]): Promise<void> {
  for (const part of chunks(rows))
    await tx.execute(sql`
      insert into ${sql.raw(PAGE_ROLLUP[level])} as t (site_id, at, page, country, browser, os, device_class, views, errors)
      select * from json_to_recordset(${json(part)}::json) as r(site_id uuid, at timestamptz, page text, country text, browser text, os text,
        device_class text, views bigint, errors bigint)
      on conflict (site_id, at, page, country, browser, os, device_class) do update set
        views = t.views + excluded.views, errors = t.errors + excluded.errors`);
}

async function upsertVitalRollup(tx: Db, level: RumRollupLevel, rows: VitalRollupRow[]): Promise<void> {
  for (const part of chunks(rows))
    await tx.execute(sql`
      insert into ${sql.raw(VITAL_ROLLUP[level])} as t (site_id, at, page, country, browser, os, device_class, vital, rating, bucket, count)
      select site_id, at, page, country, browser, os, device_class, vital, rating, bucket, count
      from json_to_recordset(${json(part)}::json) as r(site_id uuid, at timestamptz, page text, country text, browser text, os text,
        device_class text, vital text, rating text, bucket smallint, count bigint)
      on conflict (site_id, vital, at, page, country, browser, os, device_class, rating, bucket) do update set count = t.count + excluded.count`);
}

async function upsertPageDims(tx: Db, level: RumRollupLevel, rows: PageDimRow[]): Promise<void> {
  for (const part of chunks(rows))
    await tx.execute(sql`
      insert into ${sql.raw(PAGE_DIMS[level])} as t (site_id, at, dim, key, views, errors, sessions)
      select * from json_to_recordset(${json(part)}::json) as r(site_id uuid, at timestamptz, dim text, key text, views bigint, errors bigint, sessions bigint)
      on conflict (site_id, dim, at, key) do update set
        views = t.views + excluded.views, errors = t.errors + excluded.errors, sessions = t.sessions + excluded.sessions`);
}

async function upsertVitalDims(tx: Db, level: RumRollupLevel, rows: VitalDimRow[]): Promise<void> {
  for (const part of chunks(rows))
    await tx.execute(sql`
      insert into ${sql.raw(VITAL_DIMS[level])} as t (site_id, at, vital, dim, key, rating, bucket, count)
      select site_id, at, vital, dim, key, rating, bucket, count
      from json_to_recordset(${json(part)}::json) as r(site_id uuid, at timestamptz, vital text, dim text, key text, rating text, bucket smallint, count bigint)
      on conflict (site_id, vital, dim, at, key, rating, bucket) do update set count = t.count + excluded.count`);
}
