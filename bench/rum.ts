/**
 * bench:rum — real-user monitoring (issue 40 "Proof and figures"): beacons one server ingests per
 * second through its HTTP endpoint, none lost that were acknowledged, and the RUM page's questions
 * over 10 million page views.
 *
 * Ingest (bench/rum/ingest.ts): the server in a child process on a scratch PostgreSQL database,
 * autocannon posting page-load beacons (a view and five vitals each, distinct sessions) with
 * BENCH_RUM_CONNECTIONS connections for BENCH_RUM_SECONDS; beacons acknowledged (204) per second
 * and the page views counted back from rum_page_views. Baseline, same run and server: the same load
 * against a site sampled at 0 (parsed, checked, answered, nothing written). Aim: ≥ 5,000/s.
 *
 * Queries (bench/rum/query.ts): a store of BENCH_RUM_PAGE_VIEWS page views over 30 days built by
 * generate_series on PostgreSQL, then each question of the RUM page over 1 h, 24 h, 7 d and 30 d
 * through RumQueryService, BENCH_RUM_REPS runs each; p50 and p95. Baseline: the LCP p75 from the raw
 * samples (percentile_cont) over the same windows. Aim: every question's p95 < 300 ms.
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_RUM_CONNECTIONS (256),
 * BENCH_RUM_SECONDS (20), BENCH_RUM_PAGE_VIEWS (10,000,000), BENCH_RUM_REPS (20),
 * BENCH_RUM_PARTS ('ingest,query'). Exit code 0 whatever the figures.
 */
import { cpus, loadavg } from 'node:os';
import { killAllChildren } from './live/proc';
import { percentile } from './stats';
import { runIngest, type IngestRun } from './rum/ingest';
import { runQuery } from './rum/query';

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PARTS = new Set((env.BENCH_RUM_PARTS ?? 'ingest,query').split(',').map((p) => p.trim()));
const n0 = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => `${n.toFixed(1)} ms`;

process.on('exit', () => killAllChildren());
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
log(`bench:rum on ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}; PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}`);

const lines: string[] = [];
if (PARTS.has('ingest')) {
  const seconds = num('BENCH_RUM_SECONDS', 20);
  const r = await runIngest({ adminUrl: ADMIN_URL, connections: num('BENCH_RUM_CONNECTIONS', 256), seconds, log });
  const row = (label: string, x: IngestRun) =>
    `  ${label.padEnd(34)} ${n0(x.perS).padStart(7)}/s  p99 ${ms(x.p99Ms).padStart(9)}  refused ${n0(x.refused)}  stored ${n0(x.stored)}  server CPU ${(x.serverCpuS / seconds).toFixed(2)} cores`;
  lines.push('Ingest (beacons through POST /api/v1/rum/ingest/{key}/, one server):');
  lines.push(row('baseline: site sampled at 0', r.baseline));
  lines.push(row('stored (view + 5 vitals each)', r.store));
  const lost = r.store.acknowledged - r.store.stored;
  lines.push(
    `  acknowledged ${n0(r.store.acknowledged)}, counted back ${n0(r.store.stored)}: ${lost > 0 ? `${n0(lost)} LOST` : 'none lost'}; ` +
      `${(r.store.perS / r.baseline.perS).toFixed(2)}× the baseline; aim ≥ 5,000/s: ${r.store.perS >= 5000 ? 'met' : 'missed'}`,
  );
  // Said at once: the query part takes minutes more.
  console.log(`\n${lines.join('\n')}\n`);
}
if (PARTS.has('query')) {
  const r = await runQuery({ adminUrl: ADMIN_URL, pageViews: num('BENCH_RUM_PAGE_VIEWS', 10_000_000), reps: num('BENCH_RUM_REPS', 20), log });
  lines.push(`Queries over ${n0(r.pageViews)} page views (30 days, PostgreSQL, built in ${r.buildS.toFixed(0)} s):`);
  for (const t of r.rows) lines.push(`  ${t.table.padEnd(24)} ${n0(t.rows).padStart(12)} rows`);
  let worst = 0;
  for (const t of r.timings) {
    const p95 = percentile(t.ms, 95);
    worst = Math.max(worst, p95);
    lines.push(`  ${t.question.padEnd(24)} ${t.window.padStart(5)}  p50 ${ms(percentile(t.ms, 50)).padStart(9)}  p95 ${ms(p95).padStart(9)}`);
  }
  for (const t of r.baseline)
    lines.push(
      `  baseline: ${t.question.padEnd(30)} ${t.window.padStart(5)}  p50 ${ms(percentile(t.ms, 50)).padStart(9)}  p95 ${ms(percentile(t.ms, 95)).padStart(9)}`,
    );
  lines.push(`  slowest question p95 ${ms(worst)}; aim < 300 ms: ${worst < 300 ? 'met' : 'missed'}`);
}
console.log(`\n${lines.join('\n')}`);
