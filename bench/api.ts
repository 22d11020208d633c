/**
 * bench:api — the device list (filter + sort + page) over 100,000 devices in 100 tenants, as
 * consoles load it: 50 concurrent clients over real HTTP (keep-alive connections to the server
 * listening on 127.0.0.1), each calling POST /api/v1/device/list/ in a loop. The baseline, in the
 * same run: the very statement the API sends for that list, replayed raw on the same database
 * with the same concurrency. Prints p50/p95/p99 and throughput of both, and their ratio.
 * Target: API p95 < 50 ms.
 *
 * The clients run in a child process (bench/api/clients.ts), not on the server's event loop.
 * The two are measured alternately, BENCH_ROUNDS rounds (2) of BENCH_SECONDS each (10), after a
 * warm-up. PGlite in memory by default; BENCH_DATABASE_URL=postgres://… measures PostgreSQL (a
 * scratch database is created and dropped).
 */
import type { AddressInfo } from 'node:net';
import { fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { scratchPostgres } from '../packages/server/src/test/scratch-postgres';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/demo/seed';
import { ms, percentile } from './stats';
import type { ClientsResult, ClientsTask } from './api/clients';

const DEVICES_PER_TENANT = 1_000;
const TENANTS = 100;
const CONCURRENCY = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;

const bench = process.env.BENCH_DATABASE_URL ? await scratchPostgres(process.env.BENCH_DATABASE_URL, 'netloom_bench') : null;
const config = {
  // Nothing heartbeats here: without the longest offline timeout (1 h; the seed is at most 17 min old) the sweeper would flip the seeded
  // devices offline during the run, and the figures would measure it rather than the list.
  ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', DEVICE_OFFLINE_AFTER_SECONDS: '3600' }),
  webDist: null,
  database: bench ? ({ kind: 'postgres', url: bench.url } as const) : ({ kind: 'pglite', dataDir: null } as const),
};
const database = await openDatabase(config.database);
const { db } = database;
await seedDemo(db, 'bench-password');

console.log(`Seeding ${TENANTS} tenants × ${DEVICES_PER_TENANT} devices on ${config.database.kind}…`);
await db.execute(sql`
  insert into tenants (id, name, subscriptions)
  select gen_random_uuid(), 'Bench ' || g, '["sdwan","ztna"]'::jsonb from generate_series(1, ${TENANTS - 2}) g`);
await db.execute(sql`
  insert into devices (id, tenant_id, serial, name, kind, device_status, last_seen_at, os, location_name,
                       public_ip, username, approved, wan_status)
  select gen_random_uuid(), t.id, 'SN-' || t.n || '-' || g, 'device-' || lpad(g::text, 5, '0'),
         case when g % 2 = 0 then 'gateway' else 'endpoint' end,
         (array['running','error','registered','modified','connected','online','offline'])[1 + g % 7],
         case when g % 10 = 0 then null else now() - (g || ' seconds')::interval end,
         (array['windows','macos','linux','android','ios'])[1 + g % 5],
         (array['Chennai','Paris','Austin','Lagos','Tokyo','Lima','Sydney'])[1 + g % 7],
         '203.0.113.' || (1 + g % 254), 'user' || (g % 300) || '@bench.test', true,
         '[{"name":"WAN1","status":"up","ifname":"eth0","weight":1}]'::jsonb
  from (select id, row_number() over (order by name) n from tenants) t, generate_series(1, ${DEVICES_PER_TENANT}) g`);
await db.execute(sql`analyze`);

const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'owner@acme.test', password: 'bench-password' } });
const { access } = login.json() as { access: string };

// Online SD-WAN gateways of one tenant, sorted by name, first page of 25: the table's filter payload (spec 001 §3).
const payload = {
  page: 1,
  size: 25,
  filters: [
    { key: 'status', value: 'online', type: 'string' },
    { key: 'type', value: 'device', type: 'string' },
  ],
  sort: { key: 'name', direction: 'asc' },
};
const headers = { authorization: `Bearer ${access}` };
const listCall = () => app.inject({ method: 'POST', url: '/api/v1/device/list/?type=device', headers, payload });

// The raw side replays, straight on the driver, the very statement the API sent for the list:
// captured by watching the driver during one call after a first one (which also loads the
// session's principal, then cached).
// node-postgres is called with a config object ({ text, values, rowMode }), PGlite with (text, params, options).
type Call = unknown[];
type Driver = { query: (...args: Call) => Promise<unknown> };
const driver = (db as unknown as { $client: Driver }).$client;
const sent: { text: string; args: Call }[] = [];
const realQuery = driver.query.bind(driver);
driver.query = (...args: Call) => {
  const first = args[0] as string | { text: string };
  sent.push({ text: typeof first === 'string' ? first : first.text, args });
  return realQuery(...args);
};
await listCall();
sent.length = 0;
const answer = await listCall();
driver.query = realQuery;
if (answer.statusCode !== 200) throw new Error(`device list answered ${answer.statusCode}: ${answer.body}`);
const listStatement = sent.find((q) => q.text.includes('count(*) over()'));
if (!listStatement) throw new Error(`the device list statement was not seen; saw ${sent.length} statements`);
const listArgs = listStatement.args;
console.log(
  `The API sent ${sent.length} statement${sent.length === 1 ? '' : 's'} per call; the raw side replays the list statement:\n  ${listStatement.text.slice(0, 160)}…`,
);

/** CONCURRENCY clients over HTTP for `seconds`, from the child process. */
function overHttp(seconds: number): Promise<ClientsResult> {
  const task: ClientsTask = {
    url: `http://127.0.0.1:${port}/api/v1/device/list/?type=device`,
    headers,
    body: JSON.stringify(payload),
    concurrency: CONCURRENCY,
    seconds,
  };
  const child = fork(new URL('./api/clients.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CLIENTS_TASK: JSON.stringify(task) },
  });
  return new Promise((resolve, reject) => {
    let result: ClientsResult | null = null;
    child.once('message', (message) => (result = message as ClientsResult));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`bench:api clients exited with ${code} and no result`))));
  });
}

/** CONCURRENCY callers of the raw statement for `seconds`. */
async function rawStatement(seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      await realQuery(...listArgs);
      samples.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  return samples;
}

await overHttp(WARMUP_SECONDS);
await rawStatement(WARMUP_SECONDS);
const api: number[] = [];
const raw: number[] = [];
let failed = 0;
for (let round = 0; round < ROUNDS; round++) {
  const http = await overHttp(SECONDS);
  if (http.failures.length) console.error(`  failed requests: ${http.failures.join(' | ')}`);
  failed += http.failed;
  api.push(...http.samples);
  raw.push(...(await rawStatement(SECONDS)));
}

const measured = ROUNDS * SECONDS;
const line = (label: string, s: number[]) =>
  `  ${label.padEnd(44)} p50 ${ms(percentile(s, 50))}  p95 ${ms(percentile(s, 95))}  p99 ${ms(percentile(s, 99))}  ${(s.length / measured).toFixed(0)} calls/s`;
const ratio = (p: number) => `${(percentile(api, p) / percentile(raw, p)).toFixed(2)}×`;
const p95 = percentile(api, 95);
console.log(
  `\nbench:api — device list, ${TENANTS * DEVICES_PER_TENANT} devices in ${TENANTS} tenants (${config.database.kind}), ${CONCURRENCY} concurrent clients, ${ROUNDS} × ${SECONDS} s each, answer ${(answer.body.length / 1024).toFixed(1)} KB`,
);
console.log(line('API over HTTP (POST /api/v1/device/list/)', api) + (failed ? `  (${failed} failed)` : ''));
console.log(line('raw SQL (same statement, same db)', raw));
console.log(`  ratio API/raw                                p50 ${ratio(50)}  p95 ${ratio(95)}  p99 ${ratio(99)}`);
console.log(`  target API p95 < 50 ms: ${p95 < 50 ? 'met' : 'missed'} (${ms(p95)})`);

await app.close();
await database.close();
await bench?.drop();
