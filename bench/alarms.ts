/**
 * bench:alarms — what the alarm engine costs ingest, and how fast a WAN going down rings the bell
 * (issue 19 "Performance").
 *
 * 10 tenants × 1,000 gateways heartbeat every 10 s, each heartbeat followed by a metrics message
 * (ping with jitter, counters, CPU; phases staggered), against the Netloom server
 * twice, each run on a fresh database in a child process of its own: with the alarm engine
 * (ALARMS=1) and without (ALARMS=0). For each: messages acknowledged per second and the server's
 * CPU (utime + stime, % of one core) over the measured window. In the run with alarms, 40 probe
 * gateways of tenant 1 report WAN1 down one after the other through the window while a console
 * of that tenant listens on the bell's socket (/ws/status/{tenant}?feed=notifications): each
 * probe gives one sample, from its heartbeat's sending to the bell's message naming it.
 * Aims: ingest with alarms ≥ 0.8× without; bell p99 < 2 s. Exit code 0 whatever the figures.
 *
 * Env: BENCH_SECONDS (measured window, 30), BENCH_WARMUP_SECONDS (10), BENCH_DEVICES_PER_TENANT
 * (1000), BENCH_DATABASE_URL (a PostgreSQL server for scratch databases; default: PGlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { AGENT_PATH, AGENT_PROTOCOL_VERSION, LIVE_NOTIFICATIONS_FEED, LIVE_PATH } from '@netloom/domain';
import { percentile } from './stats';
import { Fleet, now, type BenchTenant, type Target } from './live/fleet';
import { prepareDatabase, scratchPostgres } from './live/prepare';
import { cpuSeconds, freePort, killAllChildren, openFilesLimit, sleep, startChild, waitForPort } from './live/proc';

const env = process.env;
const TENANTS = 10;
const HEARTBEAT_S = 10;
const WAVE = 200;
const PROBES = 40;
const WARMUP_S = Number(env.BENCH_WARMUP_SECONDS ?? 10);
const MEASURE_S = Number(env.BENCH_SECONDS ?? 30);
const WANTED_PER_TENANT = Number(env.BENCH_DEVICES_PER_TENANT ?? 1000);
const PASSWORD = 'bench-alarms-password';
const REPO = path.resolve(import.meta.dirname, '..');
const PER_TENANT = Math.max(1, Math.min(WANTED_PER_TENANT, Math.floor((openFilesLimit() - 400) / TENANTS)));

const tempDirs: string[] = [];
process.on('exit', () => {
  killAllChildren();
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

interface RunResult {
  alarms: boolean;
  hbPerS: number;
  cpuPct: number;
  bell: number[];
  database: string;
}

const hello = (tenant: BenchTenant, serial: string) => ({
  type: 'hello',
  protocol: AGENT_PROTOCOL_VERSION,
  auth: { kind: 'enrol', enrolment_key: tenant.enrolmentKey },
  identity: { serial, name: serial.toLowerCase(), kind: 'gateway' },
  model: 'NL-100',
  os: 'NetloomOS',
  version: '1.0.0',
});

/** A gateway of its own that reports WAN1 up, and later down once. */
async function probe(url: string, tenant: BenchTenant, serial: string): Promise<(wan1: 'up' | 'down') => void> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  let seq = 1;
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ seq, ...hello(tenant, serial) })));
    ws.on('message', (d) => {
      if (d.toString().includes('"type":"welcome"')) resolve();
    });
    ws.on('error', reject);
  });
  return (wan1) =>
    ws.send(JSON.stringify({ type: 'heartbeat', seq: ++seq, status: 'running', wan: [{ name: 'WAN1', status: wan1, ifname: 'eth0', weight: 1 }] }));
}

async function run(alarms: boolean): Promise<RunResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-alarms-'));
  tempDirs.push(dataDir);
  const scratch = env.BENCH_DATABASE_URL ? await scratchPostgres(env.BENCH_DATABASE_URL, 'netloom_bench_alarms') : null;
  const database = scratch ? ({ kind: 'postgres', url: scratch.url } as const) : ({ kind: 'pglite', dataDir: path.resolve(dataDir, 'pglite') } as const);
  const tenants = await prepareDatabase(database, PASSWORD, TENANTS);
  const port = await freePort();
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = env;
  const child = startChild(
    alarms ? 'server (alarms)' : 'server (no alarms)',
    ['--import', 'tsx'],
    'packages/server/src/server.ts',
    {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      DEMO: '1',
      DEMO_FLEET: '0',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      ALARMS: alarms ? '1' : '0',
      HEARTBEAT_INTERVAL_SECONDS: String(HEARTBEAT_S),
      WS_PREAUTH_PER_ADDRESS: String(WAVE * 5),
    },
    REPO,
  );
  const fleet = new Fleet();
  try {
    await waitForPort(port, child, 120_000);
    const deviceUrl = `ws://127.0.0.1:${port}${AGENT_PATH}`;
    const target: Target = { name: 'server', deviceUrl, hello, consoleUrl: () => '', consoleHello: null };
    log(`${alarms ? 'with' : 'without'} alarms: enrolling ${(PER_TENANT * TENANTS).toLocaleString('en')} gateways…`);
    await fleet.enrol(target, tenants, PER_TENANT, WAVE, Date.now().toString(36));
    const probes = alarms ? await Promise.all(Array.from({ length: PROBES }, (_, i) => probe(deviceUrl, tenants[0]!, `PROBE-${i}`))) : [];
    for (const p of probes) p('up');

    // The bell of tenant 1: a super admin's token, the notifications feed.
    const bell: number[] = [];
    const sentAt = new Map<string, number>();
    let bellSocket: WebSocket | null = null;
    if (alarms) {
      const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'super@demo.test', password: PASSWORD }),
      });
      const { access } = (await login.json()) as { access: string };
      bellSocket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}/${tenants[0]!.id}?feed=${LIVE_NOTIFICATIONS_FEED}`);
      await new Promise((resolve) => bellSocket!.on('open', resolve));
      bellSocket.send(JSON.stringify({ token: access }));
      bellSocket.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { notification?: { deviceName: string; kind: string; status: string } };
        const at = m.notification && m.notification.kind === 'wan' && m.notification.status === 'Alerting' ? sentAt.get(m.notification.deviceName) : undefined;
        if (at !== undefined) bell.push(now() - at);
      });
    }

    fleet.withMetrics = true;
    fleet.startHeartbeats(HEARTBEAT_S * 1000);
    log(`heartbeating (${((PER_TENANT * TENANTS) / HEARTBEAT_S).toFixed(0)}/s); warm-up ${WARMUP_S} s, then ${MEASURE_S} s measured…`);
    await sleep(WARMUP_S * 1000);
    const start = { wall: performance.now(), cpu: cpuSeconds(child.pid), acks: fleet.acks };
    for (let i = 0; i < probes.length; i++) {
      await sleep((MEASURE_S * 1000) / (PROBES + 1));
      sentAt.set(`probe-${i}`, now());
      probes[i]!('down');
    }
    await sleep((MEASURE_S * 1000) / (PROBES + 1));
    const wallS = (performance.now() - start.wall) / 1000;
    const result = {
      alarms,
      hbPerS: (fleet.acks - start.acks) / wallS,
      cpuPct: ((cpuSeconds(child.pid) - start.cpu) / wallS) * 100,
      bell,
      database: database.kind,
    };
    bellSocket?.close();
    return result;
  } finally {
    fleet.stop();
    await child.stop(20_000);
    await scratch?.drop();
  }
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const withAlarms = await run(true);
const without = await run(false);
const ratio = withAlarms.hbPerS / without.hbPerS;
const p50 = percentile(withAlarms.bell, 50);
const p99 = percentile(withAlarms.bell, 99);
console.log(
  `\nbench:alarms — ${(PER_TENANT * TENANTS).toLocaleString('en')} gateways (${TENANTS} × ${PER_TENANT}), heartbeat every ${HEARTBEAT_S} s, ` +
    `${MEASURE_S} s measured after ${WARMUP_S} s warm-up; server on ${withAlarms.database}`,
);
console.log(`  with alarms     ${f1(withAlarms.hbPerS)} messages/s absorbed (heartbeats and metrics), server CPU ${f1(withAlarms.cpuPct)} %`);
console.log(`  without alarms  ${f1(without.hbPerS)} messages/s absorbed (heartbeats and metrics), server CPU ${f1(without.cpuPct)} %`);
console.log(`  ingest ratio ${ratio.toFixed(2)}× (aim ≥ 0.8×): ${ratio >= 0.8 ? 'met' : 'missed'}`);
console.log(
  `  WAN down → bell: p50 ${f1(p50)} ms, p99 ${f1(p99)} ms over ${withAlarms.bell.length}/${PROBES} probes (aim p99 < 2 s): ${p99 < 2000 && withAlarms.bell.length === PROBES ? 'met' : 'missed'}`,
);
process.exit(0);
