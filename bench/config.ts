/**
 * bench:config — one template carrying every configuration family, changed and pushed to 1,000
 * simulated gateways on one server, next to the same payload pushed over bare websockets in the same run.
 *
 * Server phase: the Netloom server runs as a child (a fresh PGlite directory, or a scratch
 * PostgreSQL database with BENCH_DATABASE_URL); this process runs the simulated gateways
 * (packages/simulator), which apply each push with the same schemas as the console and answer with
 * its hash. The gateways form one device group with one template: a section of every family
 * (bench/config/every-family.ts) and {{dc}} in each of its routes;
 * a first push warms up, then the template's default changes and is applied: the clock starts at
 * the apply call and stops when the last gateway's answer is acknowledged. A job's round trip is
 * apply call → that gateway's answer acknowledged. A gateway whose model cannot run a section (the
 * rack-mounted model has no radio for the wireless section) answers with its refusal: that answer
 * is its acknowledgement, counted and reported apart.
 * Bare phase: bench/config/bare-push.ts sends the very document the gateways got to the same number
 * of websocket clients, which check and apply it with the same code and reply.
 * Aims: all synced within 10 s and within 3× the bare push. The exit code is 0 whatever the
 * figures, non-zero only when the harness fails.
 *
 * Env: BENCH_GATEWAYS (1000), BENCH_ROUTES (routes in the template, 50), BENCH_DATABASE_URL,
 * BENCH_CPU_PROF=<dir> (the server runs with --cpu-prof; read it with bench/live/profile-summary.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { AGENT_PATH, configOperationSchema, type ConfigDocument } from '@netloom/domain';
import { startFleet, type Fleet } from '../packages/simulator/src/fleet';
import { applyConfig } from '../packages/simulator/src/running-config';
import { percentile } from './stats';
import { everyFamilySections } from './config/every-family';
import { prepareDatabase, scratchPostgres } from './live/prepare';
import { freePort, killAllChildren, sleep, startChild, waitForPort } from './live/proc';

const env = process.env;
const GATEWAYS = Number(env.BENCH_GATEWAYS ?? 1000);
const ROUTES = Number(env.BENCH_ROUTES ?? 50);
const PASSWORD = 'bench-config-password';
const REPO = path.resolve(import.meta.dirname, '..');
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

const tempDirs: string[] = [];
const cleanup = () => {
  killAllChildren();
  for (const d of tempDirs.splice(0)) rmSync(d, { recursive: true, force: true });
};
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (cleanup(), process.exit(130)));
setTimeout(() => (console.error('bench:config: still running after 15 min, giving up'), cleanup(), process.exit(2)), 15 * 60_000).unref();

async function until<T>(what: string, probe: () => Promise<T | false | undefined> | T | false | undefined, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

interface Figures {
  totalMs: number;
  trips: number[];
}

const routes = () =>
  Array.from({ length: ROUTES }, (_, i) => ({ id: crypto.randomUUID(), name: `dc-${i + 1}`, destination: `{{dc}}.${i}.0/24`, gateway: '192.168.10.254' }));

async function serverPhase(): Promise<Figures & { document: ConfigDocument; database: string; synced: number; refused: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-config-'));
  tempDirs.push(dataDir);
  const scratch = env.BENCH_DATABASE_URL ? await scratchPostgres(env.BENCH_DATABASE_URL, 'netloom_bench_config') : null;
  const database = scratch ? ({ kind: 'postgres', url: scratch.url } as const) : ({ kind: 'pglite', dataDir: path.resolve(dataDir, 'pglite') } as const);
  const [tenant] = await prepareDatabase(database, PASSWORD, 1);
  const port = await freePort();
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = env;
  const cpuProf = env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(env.BENCH_CPU_PROF)] : [];
  const child = startChild(
    'server',
    ['--import', 'tsx', ...cpuProf],
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
      WS_PREAUTH_PER_ADDRESS: String(GATEWAYS),
    },
    REPO,
  );
  let fleet: Fleet | null = null;
  try {
    await waitForPort(port, child, 120_000);
    const base = `http://127.0.0.1:${port}/api/v1/`;
    const login = await fetch(`${base}auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'super@demo.test', password: PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const api = async (method: string, url: string, body?: object) => {
      const res = await fetch(`${base}${url}${url.includes('?') ? '&' : '?'}tid=${tenant!.id}`, {
        method,
        headers: { authorization: `Bearer ${access}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const answered = new Map<string, number>();
    fleet = startFleet({
      url: `ws://127.0.0.1:${port}${AGENT_PATH}`,
      tenants: [{ enrolmentKey: tenant!.enrolmentKey, gateways: GATEWAYS, endpoints: 0, emailDomain: 'bench.test' }],
      seed: 18,
      staggerMs: 10_000,
      sessions: false,
      // Flow export would compete with the configuration pushes measured here (bench:flows measures it).
      flowIntervalS: 0,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      onEvent: (e) => {
        if (e.type === 'job_answered') answered.set(e.jobId, performance.now());
      },
    });
    log(`server (${database.kind}): ${GATEWAYS} gateways connecting…`);
    await until('every gateway connected', () => fleet!.counts().connected === GATEWAYS, 180_000, 500);
    const group = await api('POST', 'network/list/', { name: 'Bench branches' });
    await api('PUT', `network/${String(group.id)}/devices/`, { device_ids: fleet.devices.map((d) => d.deviceId) });
    const tpl = await api('POST', 'template/config/', { name: 'Bench branch', defaults: { dc: '172.16' } });
    // Interfaces first: every other family names them.
    for (const [family, section] of Object.entries(everyFamilySections(routes()))) {
      await api('PUT', `template/config/${String(tpl.id)}/sections/${family}/`, { section });
    }
    const done = (id: string) =>
      until(`operation ${id}`, async () => configOperationSchema.parse(await api('GET', `template/operations/${id}/`)).done, 120_000, 250);
    log('server: first push (warm-up)…');
    await done(String((await api('PUT', `template/bindings/network/${String(group.id)}/`, { template_ids: [tpl.id], variables: {} })).operation_id));

    log('server: the measured push…');
    await api('PUT', `template/config/${String(tpl.id)}/`, { defaults: { dc: '172.20' } });
    answered.clear();
    const started = performance.now();
    const op = configOperationSchema.parse(await api('POST', `template/config/${String(tpl.id)}/apply/`));
    const final = await until(
      `operation ${op.id}`,
      async () => {
        const o = configOperationSchema.parse(await api('GET', `template/operations/${op.id}/`));
        return o.done && o;
      },
      120_000,
    );
    const trips = [...answered.values()].map((t) => t - started);
    const refused = final.devices.filter((d) => d.state === 'failed');
    if (final.counts.synced + refused.length !== GATEWAYS || refused.some((d) => !d.error?.startsWith('wireless:'))) {
      throw new Error(`only ${final.counts.synced} of ${GATEWAYS} synced: ${JSON.stringify(final.counts)} ${refused[0]?.error ?? ''}`);
    }
    const applied = fleet.devices.find((d) => d.runningConfig?.wireless)!.runningConfig!;
    return { totalMs: Math.max(...trips), trips, document: applied, database: database.kind, synced: final.counts.synced, refused: refused.length };
  } finally {
    await fleet?.stop();
    await child.stop();
    await scratch?.drop();
  }
}

async function barePhase(document: ConfigDocument): Promise<Figures> {
  const port = await freePort();
  const child = startChild('bare', ['--import', 'tsx'], 'bench/config/bare-push.ts', { ...env, PORT: String(port) }, REPO);
  const sockets: WebSocket[] = [];
  try {
    await waitForPort(port, child, 60_000);
    for (let i = 0; i < GATEWAYS; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/agent`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      // The same work a simulated gateway does with a push: check it with the schemas, apply, hash.
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { job_id: string; payload: Record<string, unknown> };
        const outcome = applyConfig(m.payload);
        ws.send(JSON.stringify({ type: 'job_result', job_id: m.job_id, ok: outcome.ok, config_hash: outcome.ok ? outcome.hash : null }));
      });
      sockets.push(ws);
    }
    const payload = { document };
    // One warm-up push, then the measured one.
    await fetch(`http://127.0.0.1:${port}/push`, { method: 'POST', body: JSON.stringify(payload) });
    const res = await fetch(`http://127.0.0.1:${port}/push`, { method: 'POST', body: JSON.stringify(payload) });
    const { total_ms, trips } = (await res.json()) as { total_ms: number; trips: number[] };
    return { totalMs: total_ms, trips };
  } finally {
    for (const ws of sockets) ws.terminate();
    await child.stop();
  }
}

const server = await serverPhase();
log(`server: ${GATEWAYS} synced in ${server.totalMs.toFixed(0)} ms`);
const bare = await barePhase(server.document);
log(`bare: ${GATEWAYS} answered in ${bare.totalMs.toFixed(0)} ms`);
const row = (name: string, s: number, b: number, unit: string) => [
  name,
  `${s.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`,
  `${b.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`,
  `${(s / b).toFixed(1)}×`,
];
const rows = [
  row('all synced', server.totalMs, bare.totalMs, 'ms'),
  row('pushes per second', (GATEWAYS / server.totalMs) * 1000, (GATEWAYS / bare.totalMs) * 1000, '/s'),
  row('job round trip p50', percentile(server.trips, 50), percentile(bare.trips, 50), 'ms'),
  row('job round trip p99', percentile(server.trips, 99), percentile(bare.trips, 99), 'ms'),
];
console.log(
  `\nbench:config — one template of every family (${ROUTES} routes) changed on ${GATEWAYS} gateways, server on ${server.database}: ${server.synced} synced, ${server.refused} refused the wireless section (no radio)`,
);
console.log(['figure', 'Netloom', 'bare websockets', 'ratio'].join(' | '));
for (const r of rows) console.log(r.join(' | '));
console.log(
  `aims: all synced < 10 s (${server.totalMs < 10_000 ? 'met' : 'missed'}), within 3× the bare push (${server.totalMs <= 3 * bare.totalMs ? 'met' : 'missed'})`,
);
cleanup();
process.exit(0);
