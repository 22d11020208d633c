/**
 * bench:agent — time from a push to the kernel running it, on the real agent in a network
 * namespace (packages/agent), beside the simulator's gateway taking the same pushes from the same
 * server in the same run.
 *
 * One server (PGlite in memory) listens on the lab's management link. The agent runs as its CLI in
 * the lab's gateway namespace; a simulated gateway (packages/simulator) connects over loopback.
 * Each gets the lab's interfaces, then BENCH_PUSHES (100) static-route changes one after another:
 * the clock starts at the save (the console's PUT) and stops, for the agent, when `ip monitor`
 * in the gateway namespace shows the route in the kernel and, for both, when the console reads the
 * device synced (polled every 2 ms). Needs root and `ip netns` (as the agent's lab tests).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { deviceConfigSchema } from '@netloom/domain';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/demo/seed';
import { tenants } from '../packages/server/src/db/schema/index';
import { eq } from 'drizzle-orm';
import { GatewayBehaviour, SimulatedDevice, gatewayProfile, mulberry32 } from '../packages/simulator/src';
import { buildLab, LAB, LAB_INTERFACES, labUnavailable } from '../packages/agent/src/test/netns-lab';
import { percentile } from './stats';

const PUSHES = Number(process.env.BENCH_PUSHES ?? 100);
const PASSWORD = 'bench-agent-password';
const REPO = path.resolve(import.meta.dirname, '..');
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const unavailable = labUnavailable();
if (unavailable) {
  console.error(`bench:agent: ${unavailable}`);
  process.exit(2);
}

const lab = buildLab();
const state = mkdtempSync(path.join(tmpdir(), 'bench-agent-'));
const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
const cleanup = () => {
  for (const c of children) c.kill('SIGKILL');
  lab.destroy();
  rmSync(state, { recursive: true, force: true });
};
process.on('exit', cleanup);

const database = await openDatabase({ kind: 'pglite', dataDir: null });
await seedDemo(database.db, PASSWORD);
const config = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', PUBLIC_URL: 'http://bench.test', HEARTBEAT_INTERVAL_SECONDS: '2' });
const app = await buildApp({ ...config, webDist: null, database: { kind: 'pglite', dataDir: null } }, { database });
await app.listen({ port: 0, host: '0.0.0.0' });
const { port } = app.server.address() as AddressInfo;
const [tenant] = await database.db.select().from(tenants).where(eq(tenants.name, 'Acme'));
const key = tenant!.enrolmentKey!;
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'editor@acme.test', password: PASSWORD } });
const token = (login.json() as { access: string }).access;
const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

// The agent, as an admin runs it, in the gateway namespace.
const agentArgs = ['--server', `http://${lab.mgmtRoot}:${port}`, '--key', key, '--state', path.join(state, 'state.json'), '--run-dir', path.join(state, 'run')];
const agent = lab.spawnIn(lab.ns.gw, [process.execPath, '--import', 'tsx', 'packages/agent/src/cli.ts', ...agentArgs, '--serial', 'LNX-BENCH'], { cwd: REPO });
children.push(agent);
const agentId = await new Promise<string>((resolve, reject) => {
  const t = setTimeout(() => reject(new Error('the agent did not enrol within 60 s')), 60_000);
  createInterface({ input: agent.stdout! }).on('line', (line) => {
    const id = /enrolled as device (\S+)/.exec(line)?.[1];
    if (!id) return;
    clearTimeout(t);
    resolve(id);
  });
});
// The simulator's gateway, on the same server.
const sim = new SimulatedDevice({
  url: `ws://127.0.0.1:${port}/agent/v1`,
  enrolmentKey: key,
  behaviour: new GatewayBehaviour(gatewayProfile(mulberry32(7), 0), mulberry32(9)),
  random: mulberry32(8),
  flowIntervalS: 0,
  urlIntervalS: 0,
});
const simId = await new Promise<string>((resolve) => {
  const wait = () => (sim.deviceId && sim.state === 'connected' ? resolve(sim.deviceId) : setTimeout(wait, 50));
  sim.start();
  wait();
});

// Every change of the kernel's routes in the gateway namespace, as it happens.
const monitor = spawn('ip', ['-n', lab.ns.gw, 'monitor', 'route']);
children.push(monitor);
const seen = new Map<string, number>();
createInterface({ input: monitor.stdout }).on('line', (line) => {
  const dst = /^(10\.200\.\d+\.0\/24) via/.exec(line)?.[1];
  if (dst && !seen.has(dst)) seen.set(dst, performance.now());
});

const synced = async (id: string) => {
  for (;;) {
    const c = deviceConfigSchema.parse((await call('GET', `device/config/${id}/`)).json());
    if (c.sync.state === 'synced' || c.sync.state === 'failed') return c.sync.state;
    await sleep(2);
  }
};

async function pushes(id: string, kernel: boolean) {
  const put = await call('PUT', `device/config/${id}/sections/interfaces/`, { section: LAB_INTERFACES });
  if (put.statusCode !== 200) throw new Error(put.body);
  await synced(id);
  const toKernel: number[] = [];
  const toSynced: number[] = [];
  for (let i = 0; i < PUSHES; i++) {
    const destination = `10.200.${i % 250}.0/24`;
    seen.delete(destination);
    const route = { id: crypto.randomUUID(), name: `Bench ${i}`, destination, gateway: LAB.wan1Remote, metric: i, enabled: true };
    const t0 = performance.now();
    const res = await call('PUT', `device/config/${id}/sections/static_routes/`, { section: [route] });
    if (res.statusCode !== 200) throw new Error(res.body);
    if ((await synced(id)) !== 'synced') throw new Error(`push ${i} failed`);
    toSynced.push(performance.now() - t0);
    if (kernel) {
      for (let w = 0; !seen.has(destination) && w < 500; w++) await sleep(2);
      toKernel.push((seen.get(destination) ?? NaN) - t0);
    }
  }
  return { toKernel, toSynced };
}

const figures = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms`;
log(`${PUSHES} pushes of a static route to the agent (real kernel) and to a simulated gateway, one after another`);
const real = await pushes(agentId, true);
const simulated = await pushes(simId, false);
console.log(`\nagent:     save → kernel runs it   ${figures(real.toKernel)}`);
console.log(`agent:     save → console synced   ${figures(real.toSynced)}`);
console.log(`simulator: save → console synced   ${figures(simulated.toSynced)}`);
await sim.stop();
await app.close();
await database.close();
process.exit(0);
