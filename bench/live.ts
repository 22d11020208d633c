/**
 * bench:live — heartbeat-to-browser latency of the live hub under a fleet, next to a bare
 * websocket relay measured in the same run (DESIGN.md "Live channels", issue 4 "Performance").
 *
 * 10 tenants × 1,000 devices heartbeat every 10 s (phases staggered), 50 consoles (5 a tenant)
 * watch /ws/status/{tenant}. Each heartbeat carries its send time in `traffic`; each console row
 * pushed gives one latency sample. The devices live in this process, the consoles in a child of
 * their own (bench/live/consoles-child.ts), so neither's garbage collections land in the other's
 * timings; both read one machine-wide clock. Two phases, one after the other, each against its own child
 * process so its CPU (utime + stime, % of one core) and RSS (VmRSS, sampled every second) are its
 * own:
 *   1. the bare relay (bench/live/bare-relay.ts: no database, no auth, forwards at once);
 *   2. the Netloom server (packages/server/src/server.ts on a fresh PGlite dir, or on a scratch
 *      PostgreSQL database with BENCH_DATABASE_URL=postgres://… — then the database's own CPU is
 *      not in the server's figure).
 * Targets: server p99 < 250 ms and RSS < 400 MB; the ratio to the relay is printed, not a target. The exit code is 0
 * whatever the figures (a measurement), non-zero only when the harness itself fails.
 *
 * Open files: the bench process holds every device socket, the server child (which
 * inherits our limits) as many again. With a soft `ulimit -n` below ~10,300 the fleet is shrunk
 * to fit and the report says so; raise it for the shell first (`ulimit -n 65536`), nothing here
 * changes a limit.
 *
 * Env: BENCH_SECONDS (measured window, 60), BENCH_WARMUP_SECONDS (15), BENCH_DEVICES_PER_TENANT
 * (1000), BENCH_CPU_PROF=<dir> (the server child runs with --cpu-prof into that directory; read the
 * profile with `node --import tsx bench/live/profile-summary.ts <file> [from] [to]`),
 * BENCH_NODE_FLAGS (extra node flags for both children, e.g. "--trace-gc"; with BENCH_CHILD_LOG_DIR=<dir>
 * their whole output is kept in <dir>/relay.log and <dir>/server.log).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AGENT_PATH, AGENT_PROTOCOL_VERSION, LIVE_PATH } from '@netloom/domain';
import { MESSAGE_BURST, MESSAGES_PER_SECOND, PER_DEVICE_MIN_INTERVAL_MS } from '../packages/server/src/live/device-outbox';
import { percentile } from './stats';
import { Fleet, type BenchTenant, type Target } from './live/fleet';
import { RemoteConsoles } from './live/remote-consoles';
import { watchGc, type GcFigures } from './live/gc-watch';
import { prepareDatabase, scratchPostgres } from './live/prepare';
import {
  cpuSeconds,
  postgresCpuSeconds,
  postgresCpuSince,
  freePort,
  killAllChildren,
  openFilesLimit,
  RssSampler,
  sleep,
  startChild,
  waitForPort,
  type Child,
} from './live/proc';

const env = process.env;
const TENANTS = 10;
const CONSOLES_PER_TENANT = 5;
const HEARTBEAT_S = 10;
const WAVE = 200;
const WARMUP_S = Number(env.BENCH_WARMUP_SECONDS ?? 15);
const MEASURE_S = Number(env.BENCH_SECONDS ?? 60);
const WANTED_PER_TENANT = Number(env.BENCH_DEVICES_PER_TENANT ?? 1000);
const PASSWORD = 'bench-live-password';
const CPU_PROF_DIR = env.BENCH_CPU_PROF ? path.resolve(env.BENCH_CPU_PROF) : null;
const EXTRA_FLAGS = (env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const REPO = path.resolve(import.meta.dirname, '..');
const TIME_LIMIT_MS = 20 * 60_000;

for (const [name, v] of Object.entries({ WARMUP_S, MEASURE_S, WANTED_PER_TENANT })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bench:live: ${name} must be a positive number`);
}

// --- process hygiene: no child and no temp dir outlives the bench, whatever happens -------------
const tempDirs: string[] = [];
const cleanupSync = () => {
  killAllChildren();
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
};
process.on('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench:live: ${signal}, stopping`);
    cleanupSync();
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`bench:live: still running after ${TIME_LIMIT_MS / 60_000} min, giving up`);
  cleanupSync();
  process.exit(2);
}, TIME_LIMIT_MS).unref();

// --- open files ---------------------------------------------------------------------------------
const fdLimit = openFilesLimit();
const SPARE_FDS = 300;
const fitting = Math.floor((fdLimit - SPARE_FDS - TENANTS * CONSOLES_PER_TENANT) / TENANTS);
const PER_TENANT = Math.max(1, Math.min(WANTED_PER_TENANT, fitting));
const DEVICES = PER_TENANT * TENANTS;
const fdNote =
  PER_TENANT < WANTED_PER_TENANT
    ? `open files: soft limit ${fdLimit} is too low for ${WANTED_PER_TENANT * TENANTS} devices; running ${DEVICES} (raise it first: ulimit -n 65536)`
    : `open files: soft limit ${fdLimit}, enough for ${DEVICES} device + ${TENANTS * CONSOLES_PER_TENANT} console sockets per process`;

const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface PhaseResult {
  name: string;
  enrolS: number;
  samples: number[];
  expected: number;
  unstamped: number;
  hbPerS: number;
  cpuPct: number;
  rssMax: number;
  rssLast: number;
  harnessCpuPct: number;
  /** CPU of the machine's PostgreSQL processes over the window (% of one core). */
  postgresCpuPct: number;
  rssStages: string;
  harnessLagP99: number;
  /** The devices' process's (this one's) garbage collections in the window: its pauses delay the stamps' sending. */
  harnessGc: GcFigures;
  /** The same for the consoles' own process. */
  consolesGc: GcFigures;
  /** The machine's 1-minute load average at the end of the window (other work on the box). */
  load: number;
  droppedDevices: number;
  droppedConsoles: number;
  lastDrop: string | null;
}

/** Fails as soon as the child exits, so a crashed server is a harness error, not a figure. */
function watchChild(child: Child, label: string): Promise<never> {
  return child.exited.then((how) => {
    throw new Error(`${label} exited during the run (${how})`);
  });
}

async function runPhase(target: Target, child: Child, tenants: BenchTenant[], rss: RssSampler): Promise<PhaseResult> {
  const died = watchChild(child, target.name);
  died.catch(() => undefined);
  const fleet = new Fleet();
  const consoles = new RemoteConsoles();
  try {
    log(`${target.name}: enrolling ${DEVICES.toLocaleString('en')} devices, ${WAVE} at a time…`);
    const t0 = performance.now();
    rss.stage('enrolment');
    await Promise.race([fleet.enrol(target, tenants, PER_TENANT, WAVE, Date.now().toString(36)), died]);
    const enrolS = (performance.now() - t0) / 1000;
    rss.stage('consoles opening');
    log(`${target.name}: ${fleet.size} devices welcomed in ${enrolS.toFixed(1)} s; opening ${TENANTS * CONSOLES_PER_TENANT} consoles…`);
    await Promise.race([consoles.open(target, tenants, CONSOLES_PER_TENANT), died]);
    rss.stage('warm-up');
    fleet.startHeartbeats(HEARTBEAT_S * 1000);
    log(`${target.name}: heartbeating (${(DEVICES / HEARTBEAT_S).toFixed(0)}/s); warm-up ${WARMUP_S} s, then ${MEASURE_S} s measured…`);
    await Promise.race([sleep(WARMUP_S * 1000), died]);

    const lag = monitorEventLoopDelay({ resolution: 10 });
    const start = {
      wall: performance.now(),
      cpu: cpuSeconds(child.pid),
      own: process.cpuUsage(),
      pg: postgresCpuSeconds(),
      acks: fleet.acks,
      sent: fleet.sent,
    };
    rss.stage('measuring');
    const gcWatch = watchGc();
    lag.enable();
    consoles.record(true);
    await Promise.race([sleep(MEASURE_S * 1000), died]);
    consoles.record(false);
    lag.disable();
    gcWatch.stop();
    const wallS = (performance.now() - start.wall) / 1000;
    const cpu = cpuSeconds(child.pid) - start.cpu;
    const own = process.cpuUsage(start.own);
    const pg = postgresCpuSince(start.pg);
    rss.stop();
    const seen = await Promise.race([consoles.report(), died]);
    return {
      name: target.name,
      enrolS,
      samples: seen.samples,
      expected: (fleet.sent - start.sent) * CONSOLES_PER_TENANT,
      unstamped: seen.unstamped,
      hbPerS: (fleet.acks - start.acks) / wallS,
      cpuPct: (cpu / wallS) * 100,
      rssMax: rss.max,
      rssLast: rss.last,
      harnessCpuPct: ((own.user + own.system) / 1e6 / wallS) * 100,
      postgresCpuPct: (pg / wallS) * 100,
      rssStages: `${rss.stages.map((x) => `${x.stage} ${x.mb.toFixed(0)}`).join(', ')}; max during ${rss.maxDuring}`,
      harnessLagP99: lag.percentile(99) / 1e6,
      harnessGc: gcWatch.figures,
      load: loadavg()[0]!,
      droppedDevices: fleet.dropped,
      droppedConsoles: seen.dropped,
      consolesGc: seen.gc,
      lastDrop: fleet.lastDrop,
    };
  } finally {
    rss.stop();
    consoles.stop();
    fleet.stop();
  }
}

async function relayPhase(): Promise<PhaseResult> {
  const port = await freePort();
  const child = startChild('relay', ['--import', 'tsx', ...EXTRA_FLAGS], 'bench/live/bare-relay.ts', { ...env, PORT: String(port) }, REPO);
  try {
    await waitForPort(port, child, 60_000);
    const rss = new RssSampler(child.pid);
    const tenants = Array.from({ length: TENANTS }, (_, i) => ({ id: `tenant-${i + 1}`, enrolmentKey: '' }));
    const target: Target = {
      name: 'bare relay',
      deviceUrl: `ws://127.0.0.1:${port}/agent`,
      hello: (tenant) => ({ type: 'hello', tenant: tenant.id }),
      consoleUrl: (tenant) => `ws://127.0.0.1:${port}/console/${tenant.id}`,
      consoleHello: null,
    };
    return await runPhase(target, child, tenants, rss);
  } finally {
    await child.stop();
  }
}

async function serverPhase(): Promise<PhaseResult & { database: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-live-'));
  tempDirs.push(dataDir);
  const scratch = env.BENCH_DATABASE_URL ? await scratchPostgres(env.BENCH_DATABASE_URL, 'netloom_bench_live') : null;
  try {
    const database = scratch ? ({ kind: 'postgres', url: scratch.url } as const) : ({ kind: 'pglite', dataDir: path.resolve(dataDir, 'pglite') } as const);
    log(`server: preparing ${TENANTS} tenants on ${database.kind}…`);
    const tenants = await prepareDatabase(database, PASSWORD, TENANTS);
    const port = await freePort();
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = env;
    const childEnv: NodeJS.ProcessEnv = {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      DEMO: '1',
      DEMO_FLEET: '0',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      HEARTBEAT_INTERVAL_SECONDS: String(HEARTBEAT_S),
      // The whole fleet and every console come from one address, a wave of devices at a time.
      WS_PREAUTH_PER_ADDRESS: String(WAVE * 5),
    };
    const nodeArgs = ['--import', 'tsx', ...EXTRA_FLAGS, ...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [])];
    const child = startChild('server', nodeArgs, 'packages/server/src/server.ts', childEnv, REPO);
    try {
      await waitForPort(port, child, 120_000);
      const rss = new RssSampler(child.pid);
      const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'super@demo.test', password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
      const { access } = (await login.json()) as { access?: string };
      if (!access) throw new Error('login gave no access token');
      const target: Target = {
        name: 'live hub (Netloom server)',
        deviceUrl: `ws://127.0.0.1:${port}${AGENT_PATH}`,
        hello: (tenant, serial) => ({
          type: 'hello',
          protocol: AGENT_PROTOCOL_VERSION,
          auth: { kind: 'enrol', enrolment_key: tenant.enrolmentKey },
          identity: { serial, name: serial.toLowerCase(), kind: 'gateway' },
          model: 'NL-100',
          os: 'NetloomOS',
          version: '1.0.0',
        }),
        consoleUrl: (tenant) => `ws://127.0.0.1:${port}${LIVE_PATH}/${tenant.id}`,
        consoleHello: { token: access },
      };
      return { ...(await runPhase(target, child, tenants, rss)), database: database.kind };
    } finally {
      const how = await child.stop(CPU_PROF_DIR ? 60_000 : 20_000);
      if (CPU_PROF_DIR) log(`server: stopped (${how}); CPU profile in ${CPU_PROF_DIR}`);
    }
  } finally {
    await scratch?.drop();
  }
}

// --- report -------------------------------------------------------------------------------------
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const pad = (s: string, n: number) => s.padStart(n);

const gcText = (g: GcFigures) => `${g.count}, ${f1(g.totalMs)} ms in all, longest ${f1(g.maxMs)} ms`;

function row(r: PhaseResult): string[] {
  return [
    r.name,
    `${f1(percentile(r.samples, 50))} ms`,
    `${f1(percentile(r.samples, 99))} ms`,
    `${f1(percentile(r.samples, 100))} ms`,
    `${r.samples.length.toLocaleString('en')}/${r.expected.toLocaleString('en')}`,
    f1(r.hbPerS),
    `${f1(r.cpuPct)} %`,
    `${f1(r.rssMax)} MB (${f1(r.rssLast)})`,
    `${f1(r.enrolS)} s`,
  ];
}

function report(relay: PhaseResult, server: PhaseResult & { database: string }): void {
  const head = ['', 'p50', 'p99', 'max', 'samples/expected', 'hb/s absorbed', 'CPU', 'RSS max (last)', 'enrolment'];
  const rows = [head, row(server), row(relay)];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : pad(c, widths[i]!))).join('  ');
  const s99 = percentile(server.samples, 99);
  const r99 = percentile(relay.samples, 99);
  const ratio = s99 / r99;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

  console.log(
    `\nbench:live — ${DEVICES.toLocaleString('en')} devices (${TENANTS} tenants × ${PER_TENANT.toLocaleString('en')}), heartbeat every ${HEARTBEAT_S} s, ` +
      `${TENANTS * CONSOLES_PER_TENANT} consoles; ${MEASURE_S} s measured after ${WARMUP_S} s warm-up; server on ${server.database}`,
  );
  console.log(`  ${fdNote}`);
  console.log(`\n  ${line(rows[0]!)}`);
  console.log(`  ${rows.slice(1).map(line).join('\n  ')}`);
  console.log(`\n  ratio p99 server/relay ${f1(ratio)}×`);
  console.log(`  target p99 < 250 ms            ${verdict(s99 < 250)}  (${f1(s99)} ms)`);
  console.log(`  target RSS < 400 MB            ${verdict(server.rssMax < 400)}  (max ${f1(server.rssMax)} MB)`);
  console.log(
    `\n  CPU is % of one core over the measured window (2 cores = 200 %); RSS sampled every second from the child's start.` +
      `\n  The hub sends a console the rows that arrived together on the next loop turn, at most ${MESSAGES_PER_SECOND} messages a second` +
      `\n  (bursts of ${MESSAGE_BURST}) and a device at most every ${PER_DEVICE_MIN_INTERVAL_MS} ms; here each tenant changes ${(PER_TENANT / HEARTBEAT_S).toFixed(0)} times a second.` +
      `\n  The relay forwards each heartbeat at once.`,
  );
  for (const r of [server, relay]) {
    const notes = [
      `devices (this process) CPU ${f1(r.harnessCpuPct)} %, event-loop delay p99 ${f1(r.harnessLagP99)} ms; PostgreSQL CPU ${f1(r.postgresCpuPct)} %; machine load average ${r.load.toFixed(2)}`,
      `GC pauses: devices' process ${gcText(r.harnessGc)}; consoles' process ${gcText(r.consolesGc)}`,
      `RSS (MB) at the end of ${r.rssStages}`,
      r.droppedDevices ? `${r.droppedDevices} devices dropped (last: ${r.lastDrop})` : '',
      r.droppedConsoles ? `${r.droppedConsoles} consoles dropped` : '',
      r.unstamped ? `${r.unstamped} rows without a stamp` : '',
    ].filter(Boolean);
    console.log(`  ${r.name}:\n    ${notes.join('\n    ')}`);
  }
}

let exitCode = 0;
try {
  log(`bench:live — ${fdNote}`);
  const relay = await relayPhase();
  const server = await serverPhase();
  report(relay, server);
} catch (e) {
  console.error(`\nbench:live failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  exitCode = 1;
} finally {
  cleanupSync();
}
process.exit(exitCode);
