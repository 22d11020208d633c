/**
 * bench:webfilter, charts: a week of one tenant's URL events built by bulk SQL (store-sql.ts),
 * then the web filter summary's six questions over 1 h, 24 h and 7 d through UrlAnalytics, each
 * timed alone, and the whole summary as the dashboard asks it (the six at once, WebFilterAnalytics).
 * The same approach as bench:flows' query part (flows/query.ts).
 */
import pg from 'pg';
import { WEBFILTER_RANGES, type WebFilterRange } from '@netloom/domain';
import { openDatabase, type Database } from '../../packages/server/src/db/client';
import type { Actor } from '../../packages/server/src/http/access';
import { PartitionKeeper } from '../../packages/server/src/modules/traffic/partitions';
import type { FlowSource } from '../../packages/server/src/modules/traffic/enrich';
import { URL_DIMENSIONS, urlEventToStore, urlRawRowOf } from '../../packages/server/src/modules/traffic/url-events';
import { UrlAnalytics, urlWindow } from '../../packages/server/src/modules/traffic/url-store';
import { WebFilterAnalytics } from '../../packages/server/src/modules/web-filter/analytics-service';
import { prepareDatabase, scratchPostgres } from '../live/prepare';
import { buildRollup, CREATE_POOL, GENERATE_RAW, INSERT_POOL, SUMMARY_DIMENSIONS } from './store-sql';
import type { UrlPoolBatch } from './url-batches';

export interface ChartsOptions {
  adminUrl: string;
  events: number;
  gateways: number;
  endpoints: number;
  pool: UrlPoolBatch[];
  reps: number;
  /** Keep the scratch database (for EXPLAIN afterwards). */
  keep: boolean;
  log: (text: string) => void;
}

interface QuestionTiming {
  question: string;
  range: WebFilterRange;
  /** The whole summary (the six at once), not one question. */
  whole: boolean;
  times: number[];
}

export interface ChartsResult {
  events: number;
  poolEvents: number;
  buildS: { raw: number; rollups: number; vacuum: number };
  sizes: { table: string; rows: number; mb: number }[];
  /** Distinct keys over the week, from the hour rollups. */
  distinct: { domains: number; users: number };
  timings: QuestionTiming[];
  /** Per range: the action counts the rollups answer sum to the raw events in the same window. */
  agree: Record<WebFilterRange, boolean>;
  database: string | null;
}

const DAY = 86_400_000;
const CHUNK = 500_000;
const TOP = 10;
/** Runs per question: up to the reps asked for, fewer once a question has taken this long (but at least MIN_RUNS). */
const RUN_BUDGET_MS = 3_000;
const MIN_RUNS = 5;

/** Runs jobs on `n` connections of their own (no statement timeout), each job on the next free one. */
async function onConnections(url: string, n: number, jobs: ((c: pg.Client) => Promise<void>)[]): Promise<void> {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: n }, async () => {
      const c = new pg.Client({ connectionString: url, application_name: 'bench:webfilter build' });
      await c.connect();
      try {
        await c.query(`set timezone = 'UTC'; set work_mem = '256MB'; set maintenance_work_mem = '512MB'; set synchronous_commit = off`);
        for (let job = queue.shift(); job; job = queue.shift()) await job(c);
      } finally {
        await c.end();
      }
    }),
  );
}

/** The pool's events as url_events rows (what ingest would store of them), each with its index. */
function poolRows(pool: UrlPoolBatch[]): Record<string, unknown>[] {
  const source = (kind: FlowSource['kind']): FlowSource => ({
    id: crypto.randomUUID(),
    enrolment: 1,
    tenantId: crypto.randomUUID(),
    kind,
    networkId: null,
    username: null,
    siteCountry: null,
  });
  const sources = { gateway: source('gateway'), endpoint: source('endpoint') };
  return pool.flatMap((b) => b.source.map((e, n) => urlRawRowOf(urlEventToStore(e, sources[b.kind], 1, n)))).map((r, i) => ({ ...r, i }));
}

export async function runCharts(o: ChartsOptions): Promise<ChartsResult> {
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_webfilter_q');
  let database: Database | null = null;
  try {
    const [tenant] = await prepareDatabase({ kind: 'postgres', url: scratch.url }, 'bench-webfilter-password', 1);
    database = await openDatabase({ kind: 'postgres', url: scratch.url, queryTimeoutMs: 600_000 });
    const { db } = database;
    const now = new Date();

    // The tenant's devices (the logs name them), the partitions of the week, the pool of events.
    const gateways = Array.from({ length: o.gateways }, () => crypto.randomUUID());
    const endpoints = Array.from({ length: o.endpoints }, () => crypto.randomUUID());
    const rows = poolRows(o.pool);
    await onConnections(scratch.url, 1, [
      async (c) => {
        for (const [kind, ids] of [
          ['gateway', gateways],
          ['endpoint', endpoints],
        ] as const) {
          for (const [i, id] of ids.entries()) {
            await c.query(`insert into devices (id, tenant_id, serial, name, kind, approved) values ($1, $2, $3, $4, $5, true)`, [
              id,
              tenant!.id,
              `URLQ-${kind}-${i}`,
              `${kind}-${i + 1}`,
              kind,
            ]);
          }
        }
        await c.query(CREATE_POOL);
        for (let i = 0; i < rows.length; i += 5_000) await c.query(INSERT_POOL, [JSON.stringify(rows.slice(i, i + 5_000))]);
      },
    ]);
    const keeper = new PartitionKeeper(db);
    const days = Array.from({ length: 9 }, (_, i) => new Date(now.getTime() - i * DAY));
    await keeper.ensure('url_events', days);
    await keeper.ensure('flow_rollup_minute', days.slice(0, 3));
    await keeper.ensure('flow_rollup_hour', days);

    o.log(
      `charts: generating ${o.events.toLocaleString('en')} URL events of one tenant over the last 7 days (drawn from ${rows.length.toLocaleString('en')} pool events)…`,
    );
    let t0 = performance.now();
    const rawJobs = Array.from({ length: Math.ceil(o.events / CHUNK) }, (_, k) => async (c: pg.Client) => {
      await c.query('select setseed($1)', [(k % 2000) / 1000 - 1]);
      await c.query(GENERATE_RAW, [tenant!.id, gateways, endpoints, Math.min(CHUNK, o.events - k * CHUNK), now.toISOString(), rows.length, k * CHUNK]);
    });
    await onConnections(scratch.url, 2, rawJobs);
    const rawS = (performance.now() - t0) / 1000;
    o.log(
      `charts: raw events in ${rawS.toFixed(0)} s; summing the rollups the summary reads (minute: last 25 h, hour and day: the week; ${SUMMARY_DIMENSIONS.length} dimensions)…`,
    );
    t0 = performance.now();
    const since = { minute: new Date(now.getTime() - 25 * 3_600_000), hour: new Date(now.getTime() - 8 * DAY), day: new Date(now.getTime() - 8 * DAY) };
    const rollupJobs = (['hour', 'minute', 'day'] as const).flatMap((level) =>
      SUMMARY_DIMENSIONS.map((d) => async (c: pg.Client) => void (await c.query(buildRollup(level, d), [since[level].toISOString()]))),
    );
    await onConnections(scratch.url, 2, rollupJobs);
    const rollupS = (performance.now() - t0) / 1000;
    t0 = performance.now();
    // As autovacuum would have left a week-old store: statistics, and visibility maps for index-only scans of the
    // rollups (the raw events only answer the agreement check: statistics are enough).
    await onConnections(
      scratch.url,
      2,
      ['analyze url_events', 'vacuum analyze flow_rollup_hour', 'vacuum analyze flow_rollup_minute'].map(
        (statement) => async (c: pg.Client) => void (await c.query(statement)),
      ),
    );
    const vacuumS = (performance.now() - t0) / 1000;
    o.log(`charts: rollups in ${rollupS.toFixed(0)} s, vacuum analyze in ${vacuumS.toFixed(0)} s`);

    const sizes: ChartsResult['sizes'] = [];
    const distinct = { domains: 0, users: 0 };
    await onConnections(scratch.url, 1, [
      async (c) => {
        for (const table of ['url_events', 'flow_rollup_minute', 'flow_rollup_hour']) {
          const r = await c.query<{ rows: string; bytes: string }>(
            `select sum(c.reltuples)::bigint::text as rows, sum(pg_total_relation_size(c.oid))::text as bytes from pg_class c
             where c.oid in (select i.inhrelid from pg_inherits i join pg_class p on p.oid = i.inhparent where p.relname = $1)`,
            [table],
          );
          sizes.push({ table, rows: Number(r.rows[0]?.rows ?? 0), mb: Number(r.rows[0]?.bytes ?? 0) / 1e6 });
        }
        const d = await c.query<{ dim: string; n: string }>(
          `select dim, count(distinct key)::text as n from flow_rollup_hour where dim in ($1, $2) group by dim`,
          [URL_DIMENSIONS.domain, URL_DIMENSIONS.user],
        );
        for (const r of d.rows) distinct[r.dim === URL_DIMENSIONS.domain ? 'domains' : 'users'] = Number(r.n);
      },
    ]);

    // The tenant's summary, as its dashboard asks it.
    const store = new UrlAnalytics(db);
    const analytics = new WebFilterAnalytics(db, store, URL_DIMENSIONS);
    const actor = { scope: { tenantId: tenant!.id } } as unknown as Actor;
    const t = tenant!.id;
    const summary = (r: WebFilterRange) => analytics.summary(actor, r, TOP);
    const questions: [string, (range: WebFilterRange) => Promise<unknown>][] = [
      ['action distribution', (r) => store.top(t, r, URL_DIMENSIONS.action, TOP)],
      ['requests over time', (r) => store.actionsOverTime(t, r)],
      ['top allowed URLs', (r) => store.top(t, r, URL_DIMENSIONS.allowedDomain, TOP)],
      ['top blocked URLs', (r) => store.top(t, r, URL_DIMENSIONS.blockedDomain, TOP)],
      ['top URLs', (r) => store.top(t, r, URL_DIMENSIONS.domain, TOP)],
      ['top users', (r) => store.top(t, r, URL_DIMENSIONS.user, TOP)],
      ['whole summary (six at once)', summary],
    ];
    const timings: QuestionTiming[] = [];
    const agree = {} as Record<WebFilterRange, boolean>;
    for (const range of WEBFILTER_RANGES) {
      o.log(`charts: the summary's questions over ${range}, up to ${o.reps} runs each (${RUN_BUDGET_MS / 1000} s a question)…`);
      for (const [question, ask] of questions) {
        await ask(range); // warm-up, not counted
        const times: number[] = [];
        for (let i = 0, spent = 0; i < o.reps && (i < MIN_RUNS || spent < RUN_BUDGET_MS); i++) {
          const start = performance.now();
          await ask(range);
          times.push(performance.now() - start);
          spent += times.at(-1)!;
        }
        timings.push({ question, range, whole: ask === summary, times });
      }
      agree[range] = await actionsAgree(scratch.url, store, t, range);
    }
    return {
      events: o.events,
      poolEvents: rows.length,
      buildS: { raw: rawS, rollups: rollupS, vacuum: vacuumS },
      sizes,
      distinct,
      timings,
      agree,
      database: o.keep ? scratch.url : null,
    };
  } finally {
    await database?.close();
    if (!o.keep) await scratch.drop();
  }
}

/**
 * The action distribution from the rollups against the raw events of the same window counted by
 * action: a check that the store is what ingest would have left (retried if a minute turns between).
 */
async function actionsAgree(url: string, store: UrlAnalytics, tenantId: string, range: WebFilterRange): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const w = urlWindow(range);
      const fromRollups = await store.top(tenantId, range, URL_DIMENSIONS.action, TOP);
      const raw = await c.query<{ action: string; n: string }>(
        `select action, count(*)::text as n from url_events where tenant_id = $1 and at >= $2 and at < $3 group by action`,
        [tenantId, w.from.toISOString(), w.to.toISOString()],
      );
      if (urlWindow(range).from.getTime() !== w.from.getTime()) continue;
      const counted = new Map(raw.rows.map((r) => [r.action, Number(r.n)]));
      return fromRollups.length === counted.size && fromRollups.every((k) => counted.get(k.key) === k.count);
    }
    return false;
  } finally {
    await c.end();
  }
}
