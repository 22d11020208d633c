/**
 * bench:rum, part 2: the RUM page's questions over a store of 10 million page views (the last 30
 * days of one site) on PostgreSQL. The store is built by bulk SQL (generate_series) as ingest would
 * have left it: one-dimension rollups by hour and day for the 30 days and the site's totals by minute for the
 * last 6 hours, combination rollups (page × device class) by hour for the last 7 days, and the raw LCP
 * samples, errors and sessions of the last 7 days (the raw rows the page reads: attributions, error
 * groups, sessions). Each question runs through RumQueryService as the console asks it; the baseline
 * is the same LCP p75 computed from the raw samples (percentile_cont) over the same window.
 */
import pg from 'pg';
import type { AnalyticsRetention } from '@netloom/domain';
import { openDatabase } from '../../packages/server/src/db/client';
import type { Actor } from '../../packages/server/src/http/access';
import { PartitionKeeper, type PartitionedTable } from '../../packages/server/src/modules/traffic/partitions';
import { RumAnalytics } from '../../packages/server/src/modules/traffic/rum-queries';
import { RumRawAnalytics } from '../../packages/server/src/modules/traffic/rum-raw-queries';
import { RumQueryService } from '../../packages/server/src/modules/rum/queries-service';
import { RumSiteService } from '../../packages/server/src/modules/rum/sites-service';
import { RumSourceMapService } from '../../packages/server/src/modules/rum/source-map-service';
import { prepareDatabase, scratchPostgres } from '../live/prepare';

export interface QueryOptions {
  adminUrl: string;
  pageViews: number;
  reps: number;
  log: (text: string) => void;
}

interface QueryTiming {
  question: string;
  window: string;
  ms: number[];
}

export interface QueryResult {
  pageViews: number;
  buildS: number;
  rows: { table: string; rows: number }[];
  timings: QueryTiming[];
  baseline: QueryTiming[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RETENTION: AnalyticsRetention = { rawHours: 48, minuteDays: 7, hourDays: 90 };
const PAGES = 20;
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP', 'BR', 'IN', 'AU', 'SE', 'ES'];
const BROWSERS = ['Chrome', 'Safari', 'Mobile Safari', 'Firefox', 'Edge'];
const OSES = ['Windows', 'iOS', 'Android', 'Mac OS'];
const DEVICES = ['desktop', 'mobile', 'tablet'];
/** Each vital's median bucket (vitals.ts: 1.05^bucket ms, CLS in thousandths) and its scale. */
const VITALS = [
  { name: 'LCP', median: 155, scale: 1, good: 2500, poor: 4000 },
  { name: 'FCP', median: 143, scale: 1, good: 1800, poor: 3000 },
  { name: 'TTFB', median: 110, scale: 1, good: 800, poor: 1800 },
  { name: 'INP', median: 100, scale: 1, good: 200, poor: 500 },
  { name: 'CLS', median: 80, scale: 1000, good: 0.1, poor: 0.25 },
];

/** The (dim, key, share, shift) of every one-dimension row: shares sum to 1 within a dimension; slow keys sit buckets higher. */
function dimKeys(): { dim: string; key: string; share: number; shift: number }[] {
  const zipf = (n: number) => {
    const w = Array.from({ length: n }, (_, i) => 1 / (i + 1));
    const sum = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / sum);
  };
  const of = (dim: string, keys: string[]) => zipf(keys.length).map((share, i) => ({ dim, key: keys[i]!, share, shift: (i * 3) % 11 }));
  return [
    { dim: '', key: '', share: 1, shift: 0 },
    ...of(
      'page',
      Array.from({ length: PAGES }, (_, i) => `/page-${i}`),
    ),
    ...of('country', COUNTRIES),
    ...of('browser', BROWSERS),
    ...of('os', OSES),
    ...of('device_class', DEVICES),
  ];
}

const rating = (v: (typeof VITALS)[number]) =>
  `case when power(1.05, b.bucket) / ${v.scale} <= ${v.good} then 'good' when power(1.05, b.bucket - 1) / ${v.scale} > ${v.poor} then 'poor' else 'needs-improvement' end`;

/** A bucket's share of its vital's samples: a bell over 41 buckets around the median, shifted for slow keys. */
const BELL = `exp(-power(o.o / 9.0, 2))`;
const BELL_SUM = Array.from({ length: 41 }, (_, i) => Math.exp(-(((i - 20) / 9) ** 2))).reduce((a, b) => a + b, 0);

export async function runQuery(o: QueryOptions): Promise<QueryResult> {
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_rum_query');
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    const [tenant] = await prepareDatabase({ kind: 'postgres', url: scratch.url }, 'bench-rum-password', 1);
    await client.connect();
    const siteId = crypto.randomUUID();
    await client.query(
      `insert into rum_sites (id, tenant_id, name, kind, origins, sample_rate, honour_dnt, public_key) values ($1, $2, 'Bench shop', 'website', $3, 1, false, 'nlr_queryqueryqueryqueryquer')`,
      [siteId, tenant!.id, ['https://shop.bench.test']],
    );
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    const start = now - 30 * DAY;
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    const keeper = new PartitionKeeper(database.db);
    const days = (from: number, to: number, step: number) => Array.from({ length: Math.ceil((to - from) / step) + 1 }, (_, i) => new Date(from + i * step));
    for (const t of ['rum_page_dims_hour', 'rum_vital_dims_hour', 'rum_vital_rollup_hour', 'rum_page_rollup_hour'] as PartitionedTable[])
      await keeper.ensure(t, days(start, now, DAY));
    for (const t of ['rum_page_dims_minute', 'rum_vital_dims_minute'] as PartitionedTable[]) await keeper.ensure(t, days(now - 7 * HOUR, now + HOUR, HOUR));
    for (const t of ['rum_vitals', 'rum_errors', 'rum_page_views'] as PartitionedTable[]) await keeper.ensure(t, days(now - 7 * DAY, now + HOUR, DAY));

    const built = performance.now();
    const perHour = o.pageViews / (30 * 24);
    await client.query(`create temp table keys (dim text, key text, share float8, shift int)`);
    await client.query(`insert into keys select * from json_to_recordset($1::json) as r(dim text, key text, share float8, shift int)`, [
      JSON.stringify(dimKeys()),
    ]);
    // The hour's page views: a working-day curve around the mean.
    const hourViews = `(${perHour} * (1 + 0.6 * sin(2 * pi() * (extract(hour from h.at) - 9) / 24)))`;
    const hours = (from: number, to: number, step = '1 hour') =>
      `generate_series('${new Date(from).toISOString()}'::timestamptz, '${new Date(to).toISOString()}'::timestamptz, '${step}') as h(at)`;
    o.log('query: page rollups…');
    // Minutes keep the site's totals only (dim '').
    for (const [table, from, step, divide, dims] of [
      ['rum_page_dims_hour', start, '1 hour', 1, 'true'],
      ['rum_page_dims_minute', now - 6 * HOUR, '1 minute', 60, "k.dim = ''"],
    ] as const)
      await client.query(
        `insert into ${table} (site_id, at, dim, key, views, errors, sessions)
        select $1, h.at, k.dim, k.key, round(${hourViews} * k.share / ${divide}), round(${hourViews} * k.share * 0.02 / ${divide}), round(${hourViews} * k.share / 3 / ${divide})
        from ${hours(from, now - (divide === 1 ? HOUR : 60_000), step)} cross join keys k where ${dims}`,
        [siteId],
      );
    await client.query(
      `insert into rum_page_dims_day select site_id, date_trunc('day', at), dim, key, sum(views), sum(errors), sum(sessions) from rum_page_dims_hour group by 1, 2, 3, 4`,
    );
    o.log('query: vital rollups (41 buckets a vital)…');
    for (const v of VITALS) {
      for (const [table, from, step, divide, dims] of [
        ['rum_vital_dims_hour', start, '1 hour', 1, 'true'],
        ['rum_vital_dims_minute', now - 6 * HOUR, '1 minute', 60, "k.dim = ''"],
      ] as const)
        await client.query(
          `insert into ${table} (site_id, at, vital, dim, key, rating, bucket, count)
          select site_id, at, vital, dim, key, ${rating(v)}, b.bucket, n from (
            select $1::uuid as site_id, h.at, '${v.name}' as vital, k.dim, k.key, (${v.median} + o.o + k.shift)::smallint as bucket,
              round(${hourViews} * k.share * ${BELL} / ${BELL_SUM} / ${divide})::bigint as n
            from ${hours(from, now - (divide === 1 ? HOUR : 60_000), step)} cross join keys k cross join generate_series(-20, 20) as o(o)
            where ${dims}
          ) b where n > 0`,
          [siteId],
        );
    }
    await client.query(
      `insert into rum_vital_dims_day select site_id, date_trunc('day', at), vital, dim, key, rating, bucket, sum(count) from rum_vital_dims_hour group by 1, 2, 3, 4, 5, 6, 7`,
    );
    o.log('query: combination rollups (page × device class, 7 days), raw LCP samples, errors and sessions (7 days)…');
    await client.query(
      `insert into rum_vital_rollup_hour (site_id, at, page, country, browser, os, device_class, vital, rating, bucket, count)
      select site_id, at, page, 'US', 'Chrome', 'Windows', dev, vital, rating, bucket, sum(count) from (
        select r.site_id, r.at, r.key as page, d.key as dev, r.vital, r.rating, least(320, r.bucket + d.shift)::smallint as bucket,
          greatest(1, round(r.count * d.share))::bigint as count
        from rum_vital_dims_hour r cross join (select key, share, shift from keys where dim = 'device_class') d
        where r.site_id = $1 and r.dim = 'page' and r.at >= now() - interval '7 days'
      ) x group by 1, 2, 3, 7, 8, 9, 10`,
      [siteId],
    );
    await client.query(
      `insert into rum_page_rollup_hour (site_id, at, page, country, browser, os, device_class, views, errors)
      select r.site_id, r.at, r.key, 'US', 'Chrome', 'Windows', d.key, round(r.views * d.share), round(r.errors * d.share)
      from rum_page_dims_hour r cross join (select key, share from keys where dim = 'device_class') d
      where r.site_id = $1 and r.dim = 'page' and r.at >= now() - interval '7 days'`,
      [siteId],
    );
    const rawFrom = new Date(now - 7 * DAY).toISOString();
    const rawCount = Math.round(perHour * 24 * 7);
    await client.query(
      `insert into rum_vitals (tenant_id, site_id, at, session_id, page_view_id, page, country, browser, os, device_class, name, value, rating, attribution)
      select $1, $2, $3::timestamptz + (i * (7 * 86400.0 / $4::int)) * interval '1 second', 's' || (i / 3), 'p' || i, '/page-' || (i % ${PAGES}),
        (array${JSON.stringify(COUNTRIES).replaceAll('"', "'")})[1 + i % 10], 'Chrome', 'Windows', 'desktop', 'LCP', v, case when v <= 2500 then 'good' when v > 4000 then 'poor' else 'needs-improvement' end,
        jsonb_build_object('target', 'main img.hero-' || (i % 7), 'url', 'https://shop.bench.test/hero-' || (i % 7) || '.jpg', 'phases', jsonb_build_object('ttfb', 150 + i % 200, 'resourceLoadDuration', 500 + i % 900))
      from (select i, 900 + (i::bigint * 7919) % 4500 as v from generate_series(1, $4::int) as i) s`,
      [tenant!.id, siteId, rawFrom, rawCount],
    );
    await client.query(
      `insert into rum_errors (tenant_id, site_id, at, session_id, page_view_id, page, country, browser, os, device_class, release, fingerprint, kind, message, stack)
      select $1, $2, $3::timestamptz + (i * (7 * 86400.0 / $4::int)) * interval '1 second', 's' || i, 'p' || i, '/page-' || (i % ${PAGES}), 'US', 'Chrome', 'Windows', 'desktop', '2.3.1',
        'fp' || (i % 40), 'TypeError', 'Cannot read properties of undefined (reading ''x' || (i % 40) || ''')', 'TypeError: boom\n    at f (https://shop.bench.test/app.min.js:1:' || i % 900 || ')'
      from generate_series(1, $4::int) as i`,
      [tenant!.id, siteId, rawFrom, Math.round(rawCount * 0.02)],
    );
    await client.query(
      `insert into rum_sessions (tenant_id, site_id, session_id, started_at, ended_at, page_views, errors, country, browser, os, device_class, entry_page, exit_page)
      select $1, $2, 's' || i, $3::timestamptz + (i * (7 * 86400.0 / $4::int)) * interval '1 second', $3::timestamptz + (i * (7 * 86400.0 / $4) + 120) * interval '1 second',
        3, 0, 'US', 'Chrome', 'Windows', 'desktop', '/page-' || (i % ${PAGES}), '/page-' || ((i + 3) % ${PAGES})
      from generate_series(1, $4::int) as i`,
      [tenant!.id, siteId, rawFrom, Math.round(rawCount / 3)],
    );
    o.log('query: vacuum analyse…');
    await client.query('vacuum analyse');
    const buildS = (performance.now() - built) / 1000;
    const rows: { table: string; rows: number }[] = [];
    for (const table of [
      'rum_vital_dims_minute',
      'rum_vital_dims_hour',
      'rum_vital_dims_day',
      'rum_page_dims_hour',
      'rum_vital_rollup_hour',
      'rum_vitals',
      'rum_errors',
      'rum_sessions',
    ])
      rows.push({ table, rows: (await client.query(`select count(*)::int as n from ${table}`)).rows[0].n as number });
    const total = (await client.query(`select sum(views)::bigint as n from rum_page_dims_day where dim = ''`)).rows[0].n as string;

    const actor: Actor = {
      scope: { tenantId: tenant!.id, tenantName: 'Bench', role: 'owner', isSuperAdmin: false },
      userId: crypto.randomUUID(),
      email: 'bench@bench.test',
      ip: '127.0.0.1',
    };
    const sites = new RumSiteService(database.db, 'http://bench.test', () => undefined);
    const queries = new RumQueryService(
      sites,
      new RumAnalytics(database.db, () => RETENTION),
      new RumRawAnalytics(database.db),
      new RumSourceMapService(database.db, sites),
    );
    const windows = [
      { label: '1 h', ms: HOUR },
      { label: '24 h', ms: DAY },
      { label: '7 d', ms: 7 * DAY },
      { label: '30 d', ms: 30 * DAY },
    ];
    const timings: QueryTiming[] = [];
    const baseline: QueryTiming[] = [];
    const time = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    for (const w of windows) {
      const q = { site_id: siteId, start_time: new Date(Date.now() - w.ms).toISOString(), end_time: new Date().toISOString() };
      const questions: [string, () => Promise<unknown>][] = [
        ['overview', () => queries.overview(actor, q)],
        ['LCP over time', () => queries.timeseries(actor, { ...q, vital: 'LCP' })],
        ['LCP by page', () => queries.breakdown(actor, { ...q, vital: 'LCP', by: 'page' })],
        ['LCP by country', () => queries.breakdown(actor, { ...q, vital: 'LCP', by: 'country' })],
        ['INP by device class', () => queries.breakdown(actor, { ...q, vital: 'INP', by: 'device_class' })],
        ['slowest pages (LCP)', () => queries.slowestPages(actor, { ...q, vital: 'LCP' })],
        ['top errors', () => queries.errors(actor, q)],
        ['sessions, page 1', () => queries.sessions(actor, { ...q, page_number: 1, page_size: 25 }, () => '')],
        ...(w.ms <= 7 * DAY
          ? ([['overview, mobile only', () => queries.overview(actor, { ...q, device_class: 'mobile' })]] as [string, () => Promise<unknown>][])
          : []),
      ];
      for (const [question, fn] of questions) {
        const ms: number[] = [];
        for (let i = 0; i < o.reps; i++) ms.push(await time(fn));
        timings.push({ question, window: w.label, ms });
      }
      if (w.ms <= 7 * DAY) {
        const ms: number[] = [];
        for (let i = 0; i < Math.max(3, Math.floor(o.reps / 4)); i++)
          ms.push(
            await time(() =>
              client.query(
                `select percentile_cont(0.75) within group (order by value) from rum_vitals where site_id = $1 and name = 'LCP' and at >= $2 and at < $3`,
                [siteId, q.start_time, q.end_time],
              ),
            ),
          );
        baseline.push({ question: 'LCP p75 from the raw samples', window: w.label, ms });
      }
    }
    await database.close();
    return { pageViews: Number(total), buildS, rows, timings, baseline };
  } finally {
    await client.end().catch(() => undefined);
    await scratch.drop();
  }
}
