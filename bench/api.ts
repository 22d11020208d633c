/**
 * bench:api — the device list (filter + sort + page) over 100,000 devices in 100 tenants, through
 * the whole server (auth, tenant scope, zod, SQL, serialisation) next to the same SQL sent raw to
 * the same database, measured alternately in the same run. Target: API p50 within 1.5× of raw.
 *
 * A third line shows the framework's floor: a bench-only route behind the same hooks (security
 * headers, auth) that runs the same statement and answers the same bytes, prebuilt. What the API
 * takes beyond that floor is the device list's own code (validation, scope, statement, rows, JSON).
 *
 * PGlite in memory by default; BENCH_DATABASE_URL=postgres://… measures PostgreSQL (a scratch
 * database is created and dropped).
 */
import { scratchPostgres } from '../packages/server/src/test/scratch-postgres';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/demo/seed';
import { ms, percentile, time } from './stats';

const DEVICES_PER_TENANT = 1_000;
const TENANTS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

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
// The floor route: set up once the list statement and its answer are known (below).
let floor: { run: () => Promise<unknown>; answer: string } | null = null;
app.post('/bench/floor', { onRequest: app.services.requireAuth }, async (_request, reply) => {
  await floor!.run();
  return reply.type('application/json; charset=utf-8').send(floor!.answer);
});
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'owner@acme.test', password: 'bench-password' } });
const { access } = login.json() as { access: string };

// Online SD-WAN gateways of one tenant, sorted by name, first page of 25: the table's filter payload (spec 001 §3).
const payload = { page: 1, size: 25, filters: [{ key: 'status', value: 'online', type: 'string' }, { key: 'type', value: 'device', type: 'string' }], sort: { key: 'name', direction: 'asc' } };
const headers = { authorization: `Bearer ${access}` };
let lastAnswer = '';
const viaApi = async () => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/device/list/?type=device', headers, payload });
  if (res.statusCode !== 200) throw new Error(`device list answered ${res.statusCode}: ${res.body}`);
  lastAnswer = res.body;
};
const viaFloor = async () => {
  const res = await app.inject({ method: 'POST', url: '/bench/floor?type=device', headers, payload });
  if (res.statusCode !== 200) throw new Error(`floor route answered ${res.statusCode}: ${res.body}`);
};
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
await viaApi();
sent.length = 0;
await viaApi();
driver.query = realQuery;
const listStatement = sent.find((q) => q.text.includes('count(*) over()'));
if (!listStatement) throw new Error(`the device list statement was not seen; saw ${sent.length} statements`);
console.log(`The API sent ${sent.length} statement${sent.length === 1 ? '' : 's'} per call; the raw side replays the list statement:\n  ${listStatement.text.slice(0, 160)}…`);
const viaSql = async () => {
  await realQuery(...listStatement.args);
};
floor = { run: viaSql, answer: lastAnswer };

for (let i = 0; i < 30; i++) {
  await viaApi();
  await viaFloor();
  await viaSql();
}
const api: number[] = [];
const framework: number[] = [];
const raw: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  api.push(await time(viaApi));
  framework.push(await time(viaFloor));
  raw.push(await time(viaSql));
}

const [a50, a99, f50, f99, r50, r99] = [api, framework, raw].flatMap((s) => [percentile(s, 50), percentile(s, 99)]) as [number, number, number, number, number, number];
console.log(`\nbench:api — device list, ${TENANTS * DEVICES_PER_TENANT} devices in ${TENANTS} tenants (${config.database.kind}), ${ROUNDS} rounds, answer ${(lastAnswer.length / 1024).toFixed(1)} KB`);
console.log(`  API  (POST /api/v1/device/list/)            p50 ${ms(a50)}  p99 ${ms(a99)}`);
console.log(`  floor (same statement, answer prebuilt)     p50 ${ms(f50)}  p99 ${ms(f99)}`);
console.log(`  raw SQL (same query, same db)               p50 ${ms(r50)}  p99 ${ms(r99)}`);
console.log(`  ratio API/raw                               p50 ${(a50 / r50).toFixed(2)}×  p99 ${(a99 / r99).toFixed(2)}×   (target p50 ≤ 1.5×)`);
console.log(`  floor/raw (Fastify + inject + hooks alone)  p50 ${(f50 / r50).toFixed(2)}×;  the list's own code, API − floor: p50 ${ms(a50 - f50)}`);

await app.close();
await database.close();
await bench?.drop();
