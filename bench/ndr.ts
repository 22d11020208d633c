/**
 * bench:ndr — NDR's detections (issue "NDR": "detections' lag behind ingest at 20,000 flow records
 * per second (aim < 60 s), and false positives per day on the demo fleet's normal traffic (aim 0 of
 * severity high)").
 *
 * Day (bench/ndr/day.ts): one simulated UTC day (yesterday's) of the demo fleet's gateways at
 * 1-minute steps, their flows and DNS queries turned into evidence by the server's own EvidenceTap
 * and stepped through every rule with its default parameters, a batch per organisation and minute.
 * Every detection of that day is a false positive: the traffic is ordinary (no attack scenario
 * runs). Printed by severity and by rule, each high or critical one named. Aim: 0 high or critical.
 *
 * Engine (bench/ndr/engine.ts): the server's NdrEngine and NdrService in this process on a scratch
 * PostgreSQL database, fed the day's evidence in its order at BENCH_NDR_RATE records a second
 * (250 ms hand-overs, as ingest's writes) for BENCH_NDR_SECONDS: its lag sampled every second, its
 * slowest batch from hand-over to detections stored, records dropped. Aim: lag < 60 s.
 *
 * Server (bench/ndr/server.ts): the whole server (child process, scratch PostgreSQL, its flow
 * collector) offered BENCH_NDR_RATE flow records a second as NetFlow v9 from BENCH_NDR_EXPORTERS
 * routers: the records it stores a second with their rollups, and NDR's lag from its /metrics
 * while it does. The server's ingest is the bottleneck on a small machine (bench:flows): then the
 * engine part is what says whether the rules keep up with 20,000 a second.
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_NDR_PARTS
 * ('day,engine,server'; the engine part replays the day's evidence, so it generates the day too),
 * BENCH_NDR_HOURS (24), BENCH_NDR_RATE (20,000), BENCH_NDR_SECONDS (60, the engine's feed),
 * BENCH_NDR_SERVER_SECONDS (30), BENCH_NDR_WARMUP_SECONDS (10), BENCH_NDR_EXPORTERS (50).
 * Exit code 0 whatever the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { NDR_RULE_LIST, NDR_SEVERITIES } from '@netloom/domain';
import { batchPool } from './flows/gateways';
import { killAllChildren } from './live/proc';
import { prepareDatabase, scratchPostgres } from './live/prepare';
import { percentile } from './stats';
import { runDay, type DayResult } from './ndr/day';
import { runEngine, type EngineResult } from './ndr/engine';
import { runServer, type ServerResult } from './ndr/server';

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PARTS = new Set((env.BENCH_NDR_PARTS ?? 'day,engine,server').split(',').map((p) => p.trim()));
const RATE = num('BENCH_NDR_RATE', 20_000);
const ENGINE_S = num('BENCH_NDR_SECONDS', 60);
const HOURS = num('BENCH_NDR_HOURS', 24);
const PASSWORD = 'bench-ndr-password';
const n0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

process.on('exit', () => killAllChildren());
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const load = () => loadavg()[0]!.toFixed(2);
const logger = Fastify({ logger: { level: 'warn' } }).log;

log(`bench:ndr on ${cpus().length} cores, load average ${load()}; PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}`);
const startLoad = load();
const lines: string[] = [];

let day: DayResult | null = null;
const dayStart = new Date(new Date().setUTCHours(0, 0, 0, 0) - 86_400_000);
if (PARTS.has('day') || PARTS.has('engine')) {
  log(`day: the demo fleet's gateways from ${dayStart.toISOString()} for ${HOURS} h at 1-minute steps…`);
  day = await runDay({ hours: HOURS, startMs: dayStart.getTime(), keep: PARTS.has('engine') ? Math.round(RATE * ENGINE_S) : 0, log, logger });
}

if (day && PARTS.has('day')) {
  const perDay = 24 / HOURS;
  const all = day.detections.map((d) => d.detection);
  const bySeverity = (list: typeof all) => NDR_SEVERITIES.map((s) => list.filter((d) => d.severity === s).length);
  const severe = day.detections.filter((d) => d.detection.severity === 'high' || d.detection.severity === 'critical');
  lines.push(
    `Day: the demo fleet's ${day.gateways} gateways (Acme 6, Globex 1), ${HOURS} h from ${dayStart.toISOString().slice(0, 16)}Z, ordinary traffic only`,
    `  evidence ${n0(day.flows)} flows + ${n0(day.dnsQueries)} DNS queries; generated in ${f1(day.generateS)} s, stepped through ${NDR_RULE_LIST.length} rules in ${f1(day.stepS)} s (${n0((day.flows + day.dnsQueries) / day.stepS)} records/s on one core)`,
    `  detections (merged by dedupe key, as stored): ${all.length}${HOURS === 24 ? '' : ` (×${f1(perDay)} for a day)`}; ${NDR_SEVERITIES.map((s, i) => `${s} ${bySeverity(all)[i]}`).join(', ')}`,
    `  ${'rule'.padEnd(22)} ${NDR_SEVERITIES.map((s) => s.padStart(8)).join(' ')}`,
  );
  for (const rule of NDR_RULE_LIST) {
    const counts = bySeverity(all.filter((d) => d.rule_id === rule.id));
    if (counts.some((c) => c > 0)) lines.push(`  ${rule.id.padEnd(22)} ${counts.map((c) => String(c).padStart(8)).join(' ')}`);
  }
  for (const d of severe.slice(0, 20)) {
    const x = d.detection;
    lines.push(
      `  ${x.severity.toUpperCase()} ${x.rule_id} on ${d.gateway}: ${x.host.ip} → ${x.peer ?? '–'} (${x.first_seen.slice(11, 16)}–${x.last_seen.slice(11, 16)}): ${x.title}; ${x.summary}`,
    );
  }
  if (severe.length > 20) lines.push(`  … and ${severe.length - 20} more high or critical`);
  // A sample of the rest, so a rule that fires on ordinary traffic shows on what.
  for (const d of day.detections.filter((d) => !severe.includes(d)).slice(0, 5)) {
    const x = d.detection;
    lines.push(`  sample ${x.severity} ${x.rule_id} on ${d.gateway}: ${x.host.ip} → ${x.peer ?? '–'}: ${x.title}; ${x.summary}`);
  }
  lines.push(`  high or critical per day: ${f1(severe.length * perDay)} (aim 0): ${met(severe.length === 0)}`);
  console.log(`\n${lines.join('\n')}\n`);
}

let engine: EngineResult | null = null;
if (day && PARTS.has('engine')) {
  engine = await runEngine({ adminUrl: ADMIN_URL, rate: RATE, seconds: ENGINE_S, replay: day.replay, log, logger });
  day.replay.length = 0;
  const lagP95 = percentile(engine.lagSamples, 95);
  const lagMax = Math.max(0, ...engine.lagSamples);
  const worst = Math.max(lagMax, engine.maxLagMs / 1000);
  const engineLines = [
    `Engine alone (NdrEngine + NdrService in this process, PostgreSQL; the day's evidence replayed in order, ${n0(RATE)}/s offered for ${ENGINE_S} s)`,
    `  fed ${n0(engine.fed)} records at ${n0(engine.fedPerS)}/s (the feeder late by up to ${n0(engine.feederSlipMs)} ms: the event loop was the rules')`,
    `  lag sampled each second: p50 ${f1(percentile(engine.lagSamples, 50))} s, p95 ${f1(lagP95)} s, max ${f1(lagMax)} s; slowest batch hand-over → detections stored ${f1(engine.maxLagMs / 1000)} s`,
    `  caught up ${f1(engine.drainS)} s after the feed ended; stepped ${n0(engine.stepped)}, dropped ${n0(engine.dropped)}, rule failures ${engine.failures}; process CPU ${f1(engine.cpuPct)} % of one core`,
    `  detections emitted ${n0(engine.emitted)}, stored ${engine.stored.map((s) => `${s.severity} ${s.count}`).join(', ') || 'none'}; alarms ${engine.alarms}`,
    `  lag < 60 s: ${met(worst < 60 && engine.dropped === 0)}`,
  ];
  lines.push('', ...engineLines);
  console.log(`\n${engineLines.join('\n')}\n`);
}

let server: ServerResult | null = null;
if (PARTS.has('server')) {
  const measureS = num('BENCH_NDR_SERVER_SECONDS', 30);
  log("server: generating 240 export intervals with the simulator (bench:flows' pool)…");
  const pool = batchPool(240, 1.5e6);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-ndr-'));
  const scratch = await scratchPostgres(ADMIN_URL, 'netloom_bench_ndr');
  try {
    await prepareDatabase({ kind: 'postgres', url: scratch.url }, PASSWORD, 2);
    server = await runServer({
      databaseUrl: scratch.url,
      dataDir,
      password: PASSWORD,
      pool,
      exporters: num('BENCH_NDR_EXPORTERS', 50),
      offeredPerS: RATE,
      warmupS: num('BENCH_NDR_WARMUP_SECONDS', 10),
      measureS,
      log,
    });
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const lagMax = Math.max(0, ...server.lagSamples);
  lines.push(
    '',
    `Whole server (child process, PostgreSQL; its flow collector offered ${n0(RATE)} records/s of NetFlow v9 from ${num('BENCH_NDR_EXPORTERS', 50)} routers; ${measureS} s measured)`,
    `  ingest stored ${n0(server.storedPerS)} records/s with rollups at ${n0(server.offeredPerS)}/s offered; refused by ingest ${n0(server.refusedByIngest)}, never decoded ${n0(server.lostBeforeDecoding)}`,
    `  NDR lag (netloom_ndr_lag_seconds each second): p50 ${f1(percentile(server.lagSamples, 50))} s, p95 ${f1(percentile(server.lagSamples, 95))} s, max ${f1(lagMax)} s; waiting p95 ${n0(percentile(server.queuedSamples, 95))} records; dropped ${n0(server.ndrDropped)}`,
    `  ingest and NDR caught up ${server.drainS === null ? 'NOT within 120 s' : `${f1(server.drainS)} s`} after the offer stopped; detections stored ${server.detections.map((s) => `${s.severity} ${s.count}`).join(', ') || 'none'}`,
    `  CPU: server ${f1(server.serverCpuPct)} %, PostgreSQL ${f1(server.postgresCpuPct)} % (of one core)`,
    `  ${server.storedPerS >= RATE * 0.95 ? `at ${n0(RATE)}/s stored, lag < 60 s: ${met(lagMax < 60 && server.ndrDropped === 0)}` : `ingest does not reach ${n0(RATE)}/s here: at the ${n0(server.storedPerS)}/s it stores, NDR lag < 60 s: ${met(lagMax < 60 && server.ndrDropped === 0)}; the engine part measures the rules at ${n0(RATE)}/s`}`,
  );
}

console.log(`\nbench:ndr — ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${startLoad} at start, ${load()} at the end\n`);
console.log(lines.join('\n'));
const table: [string, string, string][] = [];
if (day && PARTS.has('day')) {
  const severe = day.detections.filter((d) => d.detection.severity === 'high' || d.detection.severity === 'critical').length;
  table.push([
    'false positives per day, demo fleet',
    `${n0((day.detections.length * 24) / HOURS)} (${NDR_SEVERITIES.map((s) => `${s} ${n0((day.detections.filter((d) => d.detection.severity === s).length * 24) / HOURS)}`).join(', ')})`,
    `0 high: ${met(severe === 0)}`,
  ]);
}
if (engine) {
  const worst = Math.max(...engine.lagSamples, engine.maxLagMs / 1000);
  table.push([
    `engine alone, ${n0(engine.fedPerS)} records/s`,
    `lag p95 ${f1(percentile(engine.lagSamples, 95))} s, max ${f1(worst)} s; dropped ${n0(engine.dropped)}`,
    `< 60 s: ${met(worst < 60 && engine.dropped === 0)}`,
  ]);
}
if (server) {
  const lagMax = Math.max(0, ...server.lagSamples);
  table.push([
    `whole server, ${n0(server.offeredPerS)}/s offered`,
    `stored ${n0(server.storedPerS)}/s; lag p95 ${f1(percentile(server.lagSamples, 95))} s, max ${f1(lagMax)} s; dropped ${n0(server.ndrDropped)}`,
    `< 60 s: ${met(lagMax < 60 && server.ndrDropped === 0)}${server.storedPerS < RATE * 0.95 ? ` (at ${n0(server.storedPerS)}/s, not ${n0(RATE)}/s)` : ''}`,
  ]);
}
console.log('');
for (const [what, figure, aim] of table) console.log(`  ${what.padEnd(38)} ${figure.padEnd(70)} ${aim}`);
process.exit(0);
