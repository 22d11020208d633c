/**
 * bench:flows, part 2: a store of many flow records (several tenants, the last 7 days) built by
 * bulk SQL, then the nine panel charts of one tenant over 24 h and 7 d through TrafficService,
 * from the rollups it picks and, for comparison, from the raw table.
 */
import pg from 'pg';
import { TRAFFIC_CHARTS, type AnalyticsRetention, type RollupLevel, type TrafficAnswer } from '@netloom/domain';
import { analyticsStoreOn } from '../../packages/server/src/composition/analytics-store';
import { openDatabase, type Database } from '../../packages/server/src/db/client';
import type { Actor } from '../../packages/server/src/http/access';
import { PartitionKeeper } from '../../packages/server/src/modules/traffic/partitions';
import { TrafficService } from '../../packages/server/src/modules/traffic/service';
import type { AnalyticsStore } from '../../packages/server/src/modules/traffic/store';
import { prepareDatabase, scratchPostgres } from '../live/prepare';
import { buildRollup, CHART_DIMENSIONS, GENERATE_RAW } from './store-sql';

export interface QueryOptions {
  adminUrl: string;
  records: number;
  tenants: number;
  devicesPerTenant: number;
  reps: number;
  rawReps: number;
  /** Keep the scratch database (for EXPLAIN afterwards). */
  keep: boolean;
  log: (text: string) => void;
}

interface ChartTiming {
  chart: string;
  minutes: number;
  level: RollupLevel;
  rollup: number[];
  raw: number[];
  /** The rollup answer and the raw one rank the same keys with the same bytes. */
  agree: boolean;
}

export interface QueryResult {
  records: number;
  tenantRecords: number;
  buildS: { raw: number; rollups: number; vacuum: number };
  sizes: { table: string; rows: number; mb: number }[];
  timings: ChartTiming[];
  database: string | null;
}

const DAY = 86_400_000;
const CHUNK = 500_000;
/** Runs from the rollups per chart: up to the reps asked for, fewer once a chart has taken this long (but at least MIN_RUNS). */
const RUN_BUDGET_MS = 8_000;
const MIN_RUNS = 5;
/** Raw rows kept 8 days, so the raw table holds the whole week the rollups answer. */
const RETENTION: AnalyticsRetention = { rawHours: 8 * 24, minuteDays: 7, hourDays: 90 };

/** The store, but every question asked of the raw table whatever level the service picked. */
class RawOnly implements AnalyticsStore {
  constructor(private readonly s: AnalyticsStore) {}
  ingest: AnalyticsStore['ingest'] = (b) => this.s.ingest(b);
  top: AnalyticsStore['top'] = (_l, ...a) => this.s.top('raw', ...a);
  total: AnalyticsStore['total'] = (_l, ...a) => this.s.total('raw', ...a);
  series: AnalyticsStore['series'] = (_l, ...a) => this.s.series('raw', ...a);
  nestedTop: AnalyticsStore['nestedTop'] = (_l, ...a) => this.s.nestedTop('raw', ...a);
  topBySide: AnalyticsStore['topBySide'] = (_l, ...a) => this.s.topBySide('raw', ...a);
  flows: AnalyticsStore['flows'] = (...a) => this.s.flows(...a);
  dropExpired: AnalyticsStore['dropExpired'] = (...a) => this.s.dropExpired(...a);
}

/** Runs jobs on `n` connections of their own (no statement timeout), each job on the next free one. */
async function onConnections(url: string, n: number, jobs: ((c: pg.Client) => Promise<void>)[]): Promise<void> {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: n }, async () => {
      const c = new pg.Client({ connectionString: url, application_name: 'bench:flows build' });
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

export async function runQuery(o: QueryOptions): Promise<QueryResult> {
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_flows_q');
  let database: Database | null = null;
  try {
    const tenants = await prepareDatabase({ kind: 'postgres', url: scratch.url }, 'bench-flows-password', o.tenants);
    database = await openDatabase({ kind: 'postgres', url: scratch.url, queryTimeoutMs: 600_000 });
    const { db } = database;
    const now = new Date();

    // Devices of each tenant (Top Talkers names them), the partitions of the week.
    const devices = tenants.map(() => Array.from({ length: o.devicesPerTenant }, () => crypto.randomUUID()));
    await onConnections(scratch.url, 1, [
      async (c) => {
        for (const [t, tenant] of tenants.entries()) {
          for (const [i, id] of devices[t]!.entries()) {
            await c.query(`insert into devices (id, tenant_id, serial, name, kind, approved) values ($1, $2, $3, $4, 'gateway', true)`, [
              id,
              tenant.id,
              `FLOWQ-${t}-${i}`,
              `branch-${t + 1}-${i + 1}`,
            ]);
          }
        }
      },
    ]);
    const keeper = new PartitionKeeper(db);
    const days = Array.from({ length: 9 }, (_, i) => new Date(now.getTime() - i * DAY));
    await keeper.ensure('flow_records', days);
    await keeper.ensure('flow_rollup_minute', days.slice(0, 3));
    await keeper.ensure('flow_rollup_hour', days);

    const perTenant = Math.floor(o.records / o.tenants);
    o.log(
      `query: generating ${(perTenant * o.tenants).toLocaleString('en')} flow records (${o.tenants} tenants × ${perTenant.toLocaleString('en')}, ${o.devicesPerTenant} gateways each) over the last 7 days…`,
    );
    let t0 = performance.now();
    const rawJobs = tenants.flatMap((tenant, t) =>
      Array.from({ length: Math.ceil(perTenant / CHUNK) }, (_, k) => async (c: pg.Client) => {
        await c.query('select setseed($1)', [((t * 1000 + k) % 2000) / 1000 - 1]);
        await c.query(GENERATE_RAW, [tenant.id, devices[t], Math.min(CHUNK, perTenant - k * CHUNK), now.toISOString(), t + 1]);
      }),
    );
    await onConnections(scratch.url, 2, rawJobs);
    const rawS = (performance.now() - t0) / 1000;
    o.log(
      `query: raw rows in ${rawS.toFixed(0)} s; summing the rollups the charts read (minute: last 25 h, hour and day: the week; ${CHART_DIMENSIONS.length} dimensions)…`,
    );
    t0 = performance.now();
    const since = { minute: new Date(now.getTime() - 25 * 3_600_000), hour: new Date(now.getTime() - 8 * DAY), day: new Date(now.getTime() - 8 * DAY) };
    const rollupJobs = (['hour', 'minute', 'day'] as const).flatMap((level) =>
      CHART_DIMENSIONS.map((dim) => async (c: pg.Client) => void (await c.query(buildRollup(level, dim), [since[level].toISOString()]))),
    );
    await onConnections(scratch.url, 2, rollupJobs);
    const rollupS = (performance.now() - t0) / 1000;
    t0 = performance.now();
    // As autovacuum would have left a week-old store: statistics, and visibility maps for index-only scans.
    await onConnections(
      scratch.url,
      2,
      ['flow_records', 'flow_rollup_hour', 'flow_rollup_minute', 'flow_rollup_day'].map(
        (table) => async (c: pg.Client) => void (await c.query(`vacuum analyze ${table}`)),
      ),
    );
    const vacuumS = (performance.now() - t0) / 1000;
    o.log(`query: rollups in ${rollupS.toFixed(0)} s, vacuum analyze in ${vacuumS.toFixed(0)} s`);

    const sizes: QueryResult['sizes'] = [];
    await onConnections(scratch.url, 1, [
      async (c) => {
        for (const table of ['flow_records', 'flow_rollup_minute', 'flow_rollup_hour', 'flow_rollup_day']) {
          const r = await c.query<{ rows: string; bytes: string }>(
            // A partitioned table's partitions, or the table itself (day rollups have none).
            `select sum(c.reltuples)::bigint::text as rows, sum(pg_total_relation_size(c.oid))::text as bytes from pg_class c
             where c.oid in (select i.inhrelid from pg_inherits i join pg_class p on p.oid = i.inhparent where p.relname = $1)
                or (c.relname = $1 and c.relkind = 'r')`,
            [table],
          );
          sizes.push({ table, rows: Number(r.rows[0]?.rows ?? 0), mb: Number(r.rows[0]?.bytes ?? 0) / 1e6 });
        }
      },
    ]);

    // The charts of tenant 1, as its dashboard asks them.
    const store = analyticsStoreOn(db, () => RETENTION);
    const actor = { scope: { tenantId: tenants[0]!.id } } as unknown as Actor;
    const timings: ChartTiming[] = [];
    for (const minutes of [1440, 10080] as const) {
      o.log(
        `query: the nine charts over ${minutes === 1440 ? '24 h' : '7 d'}, up to ${o.reps} runs each from rollups (${RUN_BUDGET_MS / 1000} s a chart), ${o.rawReps} from raw…`,
      );
      // One clock for both services: the same window from the rollups and from raw, so their answers can be compared.
      const at = new Date();
      const rollups = new TrafficService(
        db,
        store,
        () => RETENTION,
        () => at,
      );
      const raw = new TrafficService(
        db,
        new RawOnly(store),
        () => RETENTION,
        () => at,
      );
      for (const { id } of TRAFFIC_CHARTS) {
        const body = { timeduration: minutes, top_count: 10, series: false } as const;
        const ask = async (service: TrafficService, times: number[]) => {
          const start = performance.now();
          const answer = await service.chart(actor, 'sdwan', id, body);
          times.push(performance.now() - start);
          return answer;
        };
        const rollupTimes: number[] = [];
        const rawTimes: number[] = [];
        const fromRollups = await ask(rollups, []); // warm-up, not counted
        for (let i = 0, spent = 0; i < o.reps && (i < MIN_RUNS || spent < RUN_BUDGET_MS); i++) {
          await ask(rollups, rollupTimes);
          spent += rollupTimes.at(-1)!;
        }
        let fromRaw: TrafficAnswer | null = null;
        for (let i = 0; i < o.rawReps; i++) fromRaw = await ask(raw, rawTimes);
        timings.push({
          chart: id,
          minutes,
          level: fromRollups.level,
          rollup: rollupTimes,
          raw: rawTimes,
          agree: fromRaw !== null && sameAnswer(fromRollups, fromRaw),
        });
      }
    }
    const tenantRecords = perTenant;
    return {
      records: perTenant * o.tenants,
      tenantRecords,
      buildS: { raw: rawS, rollups: rollupS, vacuum: vacuumS },
      sizes,
      timings,
      database: o.keep ? scratch.url : null,
    };
  } finally {
    await database?.close();
    if (!o.keep) await scratch.drop();
  }
}

/** Same ranked keys with the same bytes. */
function sameAnswer(a: TrafficAnswer, b: TrafficAnswer): boolean {
  const keys = (x: TrafficAnswer) => x.results.map((r) => r.key).join('\n');
  const close = (x: number, y: number) => Math.abs(x - y) <= 0.001 * Math.max(x, y);
  return keys(a) === keys(b) && close(a.total_bytes, b.total_bytes);
}
