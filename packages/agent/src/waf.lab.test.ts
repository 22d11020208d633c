import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceConfigSchema,
  EDGE_RULE_IDS,
  WAF_PATHS,
  wafApiInventoryRowSchema,
  wafApplicationSchema,
  wafAttackPageSchema,
  wafPolicyViewSchema,
  type WafPolicy,
} from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { freeListenPort } from './test/listen-port';
import { waitFor } from './test/lab-agent';
import { DEBIAN_WAF_PATHS } from './render/nginx-waf';

const REPO = path.resolve(import.meta.dirname, '../../..');
const HOST = 'shop.acme.test';

/**
 * The WAF edge end to end, all on loopback: the real server, the real agent (its CLI, a process of
 * its own) in the waf-edge role with its own nginx, ModSecurity and the OWASP CRS on a loopback
 * port, and a small origin that records what reached it. Policies are saved through the server's
 * API and pushed to the edge; attacks come back through the edge's waf_events to the attack log.
 * Clients at 127.0.0.2 and 127.0.0.3 stand for other addresses (Linux answers all of 127/8).
 */
describe('the Netloom agent as a WAF edge in front of an origin', () => {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'netloom-waf-lab-'));
  // nginx's workers (nobody) write request bodies under its run directory and reopen its logs.
  chmodSync(stateDir, 0o755);
  const reached: string[] = [];
  const origin = http.createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    // Its login takes no password: every attempt fails.
    if (req.url === '/api/login') res.statusCode = 401;
    res.end('hello from the origin\n');
  });
  const agentLog: string[] = [];
  let agent: ChildProcess | null = null;
  let t: TestApp;
  let token = '';
  let deviceId = '';
  let appId = '';
  let edgePort = 0;

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    for (const file of [DEBIAN_WAF_PATHS.modsecurityModule, DEBIAN_WAF_PATHS.crsSetup]) {
      if (!existsSync(file)) throw new Error(`the WAF lab needs nginx with ModSecurity and the CRS (.ci/run installs them): ${file} is missing`);
    }
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    // No DNS in the lab: the onboarding's check of where the domains point finds nothing.
    t = await build('pglite', (c) => ({
      ...c,
      fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 },
      waf: { ...c.waf, addressLookup: () => Promise.resolve([]) },
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const { key } = await enrolmentKey(t.app, 'Acme');
    token = (await login(t.app, 'owner@acme.test')).access;
    edgePort = await freeListenPort();
    const args = [
      ...['--server', `http://127.0.0.1:${port}`, '--key', key, '--state', path.join(stateDir, 'state.json'), '--run-dir', path.join(stateDir, 'run')],
      ...['--serial', 'LNX-LAB-WAF', '--name', 'lab-waf-edge', '--silence-ms', '10000', '--confirm-window-ms', '20000'],
      ...[
        '--role',
        'waf-edge',
        '--waf-listen',
        `127.0.0.1:${edgePort}`,
        '--waf-https-port',
        String(await freeListenPort()),
        '--waf-events-interval-s',
        '1',
        '--waf-workers',
        '1',
      ],
    ];
    agent = spawn(process.execPath, ['--import', 'tsx', 'packages/agent/src/cli.ts', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [agent.stdout!, agent.stderr!]) stream.on('data', (d: Buffer) => agentLog.push(...d.toString().trim().split('\n')));
    deviceId = await waitFor('the edge enrolled', () => agentLog.map((l) => /enrolled as device (\S+)/.exec(l)?.[1]).find(Boolean), 120_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${agentLog.join('\n')}`);
      },
    );
  }, 180_000);

  afterAll(async () => {
    agent?.kill('SIGTERM');
    await new Promise<void>((r) => (agent && agent.exitCode === null ? agent.once('exit', () => r()) : r()));
    origin.close();
    await t?.close();
    rmSync(stateDir, { recursive: true, force: true });
    if (process.env.AGENT_LAB_LOG) console.log(agentLog.join('\n'));
  });

  /** A request to the edge as a browser at `from` sends it: a new connection each time. */
  const get = (url: string, from = '127.0.0.1') =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port: edgePort, path: url, headers: { host: HOST, 'user-agent': 'lab-browser/1.0' }, agent: false, localAddress: from },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });

  /** A JSON POST to the edge from `from`: its status and body. */
  const post = (url: string, body: unknown, from = '127.0.0.1') =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const data = JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: edgePort,
          method: 'POST',
          path: url,
          agent: false,
          localAddress: from,
          headers: { host: HOST, 'user-agent': 'lab-browser/1.0', 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(data);
    });

  const policyView = async () => wafPolicyViewSchema.parse((await call('GET', WAF_PATHS.policy(appId))).json());
  /** Saves the application's policy and waits for the edge's answer: synced, or failed. */
  const savePolicy = async (change: Partial<WafPolicy>) => {
    const current = await policyView();
    const saved = await call('PUT', WAF_PATHS.policy(appId), { policy: { ...current.policy, ...change } });
    expect(saved.statusCode, saved.body).toBe(200);
    const revision = wafPolicyViewSchema.parse(saved.json()).revision;
    return waitFor(
      `revision ${revision} answered`,
      async () => {
        const view = await policyView();
        return view.revision === revision && (view.sync_state === 'synced' || view.sync_state === 'failed') ? view : null;
      },
      60_000,
    );
  };
  const attacks = async (query = '') => wafAttackPageSchema.parse((await call('GET', `${WAF_PATHS.attacks}?page_size=200${query}`)).json()).results;
  /** Waits until the attack log holds a record of this path (and action) reported by the edge. */
  const attackOf = (pathAndQuery: string, action: string, since: number) =>
    waitFor(
      `the attack on ${pathAndQuery} (${action}) in the attack log`,
      async () => (await attacks()).find((a) => a.path === pathAndQuery && a.action === action && Date.parse(a.at) >= since - 1000),
      30_000,
    );

  const SQLI = "/?id=1'%20OR%20'1'='1";
  const XSS = '/?q=%3Cscript%3Ealert(1)%3C/script%3E';
  const TRAVERSAL = '/?file=../../etc/passwd';
  const CMD = '/?cmd=;cat%20/etc/passwd';
  const ATTACKS: [string, number][] = [
    [SQLI, 942100],
    [XSS, 941100],
    [TRAVERSAL, 930100],
    [CMD, 932100],
  ];

  it('onboards an application on the edge: a benign request reaches the origin, the classic attacks are blocked and reported with their CRS rules', async () => {
    const created = await call('POST', WAF_PATHS.domains, {
      name: 'Shop',
      domains: [HOST],
      origins: [{ url: `http://127.0.0.1:${(origin.address() as net.AddressInfo).port}`, weight: 1 }],
      health_check: { path: '/', interval_s: 30 },
      tls_mode: 'none',
      edge_ids: [deviceId],
    });
    expect(created.statusCode, created.body).toBe(201);
    appId = wafApplicationSchema.parse(created.json()).id;
    const view = await waitFor('the policy synced', async () => ((await policyView()).sync_state === 'synced' ? policyView() : null), 60_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${agentLog.join('\n')}`);
      },
    );
    expect(view.policy).toMatchObject({ mode: 'blocking', paranoia_level: 1 });

    expect(await get('/products?q=blue+shoes')).toBe(200);
    expect(reached).toContain('GET /products?q=blue+shoes');
    const since = Date.now();
    for (const [attack] of ATTACKS) expect(await get(attack), attack).toBe(403);
    expect(reached.filter((r) => ATTACKS.some(([a]) => r.endsWith(a)))).toEqual([]);
    for (const [attack, rule] of ATTACKS) {
      const a = await attackOf(attack, 'blocked', since);
      expect(a).toMatchObject({ application_id: appId, status: 403, host: HOST, client_ip: '127.0.0.1', edge: 'lab-waf-edge' });
      expect(
        a.rules.map((r) => r.id),
        attack,
      ).toContain(rule);
    }
    expect((await attackOf(SQLI, 'blocked', since)).category).toBe('sqli');
  });

  it('in detection mode passes the same requests to the origin and still logs them', async () => {
    expect((await savePolicy({ mode: 'detection' })).sync_state).toBe('synced');
    const since = Date.now();
    for (const [attack] of ATTACKS) expect(await get(attack), attack).toBe(200);
    for (const [attack] of ATTACKS) expect(reached).toContain(`GET ${attack}`);
    for (const [attack, rule] of ATTACKS) expect((await attackOf(attack, 'detected', since)).rules.map((r) => r.id)).toContain(rule);
  });

  it('lets one parameter through an exclusion (rule id and parameter), and only that one', async () => {
    const exclusion = { id: crypto.randomUUID(), rule_id: 942100, tag: null, path: null, parameter: 'q', note: 'Search terms' };
    expect((await savePolicy({ mode: 'blocking', exclusions: [exclusion] })).sync_state).toBe('synced');
    expect(await get("/search?q=1'%20OR%20'1'='1")).toBe(200);
    expect(await get("/search?id=1'%20OR%20'1'='1")).toBe(403);
    expect(await get('/search?q=%3Cscript%3Ealert(1)%3C/script%3E')).toBe(403);
  });

  it('denies an address on the deny list, whatever it asks', async () => {
    expect((await savePolicy({ exclusions: [], ip_deny: ['127.0.0.2'] })).sync_state).toBe('synced');
    const since = Date.now();
    expect(await get('/products', '127.0.0.2')).toBe(403);
    expect(await get('/products', '127.0.0.3')).toBe(200);
    const denied = await attackOf('/products', 'denied', since);
    expect(denied).toMatchObject({ client_ip: '127.0.0.2', category: 'access', rules: [{ id: EDGE_RULE_IDS.ipDeny }] });
  });

  it('answers 429 past a rate limit and reports it', async () => {
    const limit = { id: crypto.randomUUID(), path: '/login', requests_per_minute: 60, burst: 2 };
    expect((await savePolicy({ ip_deny: [], rate_limits: [limit] })).sync_state).toBe('synced');
    const since = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await get('/login', '127.0.0.3'));
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses).toContain(429);
    const limited = await attackOf('/login', 'rate_limited', since);
    expect(limited).toMatchObject({ status: 429, category: 'rate', rules: [{ id: EDGE_RULE_IDS.rateLimit }] });
  });

  it("sets the edge's traffic against the OpenAPI document, then enforces it, limits GraphQL and challenges credential stuffing", async () => {
    const document = [
      'openapi: 3.0.3',
      'info: { title: Shop API, version: 1.0.0 }',
      'paths:',
      '  /api/users/{id}:',
      '    get: { parameters: [{ name: id, in: path, required: true, schema: { type: integer } }], responses: { "200": { description: A user } } }',
      '  /api/users:',
      '    get: { parameters: [{ name: limit, in: query, schema: { type: integer } }], responses: { "200": { description: Users } } }',
      '  /api/orders:',
      '    post: { responses: { "201": { description: Created } } }',
      '  /graphql:',
      '    post: { responses: { "200": { description: GraphQL } } }',
      '  /api/login:',
      '    post: { responses: { "200": { description: Signed in } } }',
    ].join('\n');
    expect((await call('PUT', WAF_PATHS.apiDocument(appId), { document })).statusCode).toBe(200);
    for (const url of ['/api/users/1', '/api/users/2', '/api/users?limit=5', '/api/admin/export']) expect(await get(url, '127.0.0.3')).toBe(200);
    // The inventory from what the edge logged: the templates, one shadow endpoint, the unused ones zombies.
    const inventory = await waitFor(
      'the edge traffic in the inventory',
      async () => {
        const rows = wafApiInventoryRowSchema.array().parse((await call('GET', WAF_PATHS.apiInventory)).json());
        // The edge reports every second: the four requests may come in two batches.
        const users = rows.find((r) => r.method === 'GET' && r.path === '/api/users');
        return rows.some((r) => r.state === 'shadow') && users?.state === 'documented' ? rows : null;
      },
      30_000,
    );
    const state = (method: string, p: string) => inventory.find((r) => r.method === method && r.path === p)?.state;
    expect(state('GET', '/api/users/{id}')).toBe('documented');
    expect(state('GET', '/api/users')).toBe('documented');
    expect(state('GET', '/api/admin/export')).toBe('shadow');
    expect(state('POST', '/api/orders')).toBe('zombie');
    // (The earlier tests' pages are shadow endpoints too: the document covers /api only.)
    expect(inventory.filter((r) => r.state === 'shadow' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/export']);

    const view = await savePolicy({
      rate_limits: [],
      zero_trust_api: { mode: 'block' },
      graphql: { enabled: true, paths: ['/graphql'], max_depth: 3, max_aliases: 15, max_fields: 1_000, introspection: false },
      login_protection: {
        ...(await policyView()).policy.login_protection,
        enabled: true,
        endpoints: [{ path: '/api/login', username_field: 'email' }],
        client_failures: 3,
      },
    });
    expect(view.sync_state).toBe('synced');
    const since = Date.now();
    // Zero-trust API: what the document declares passes, an undeclared parameter and an undocumented endpoint do not.
    expect(await get('/api/users?limit=5')).toBe(200);
    expect(await get('/api/users?limit=5&debug=1')).toBe(403);
    expect(await get('/api/admin/export')).toBe(403);
    // GraphQL past the depth limit is refused, a query within it passes.
    expect((await post('/graphql', { query: '{ me { name } }' })).status).toBe(200);
    expect((await post('/graphql', { query: '{ a { b { c { d } } } }' })).status).toBe(403);
    // A scripted run of logins from one address is challenged past three failures; another address's user still reaches the origin.
    const run: number[] = [];
    for (let i = 0; i < 5; i++) run.push((await post('/api/login', { email: `user${i}@example.com`, password: 'guess' }, '127.0.0.2')).status);
    expect(run).toEqual([401, 401, 401, 403, 403]);
    expect((await post('/api/login', { email: 'ada@example.com', password: 'secret' }, '127.0.0.3')).status).toBe(401);

    const undeclared = await attackOf('/api/users?limit=5&debug=1', 'blocked', since);
    expect(undeclared).toMatchObject({
      category: 'api',
      rules: [{ message: 'Zero-trust API: query parameter not declared by GET /api/users', data: 'debug' }],
    });
    expect((await attackOf('/graphql', 'blocked', since)).rules[0]).toMatchObject({ id: EDGE_RULE_IDS.graphql, data: 'depth 4 over 3' });
    const challenged = await attackOf('/api/login', 'challenged', since);
    expect(challenged).toMatchObject({ client_ip: '127.0.0.2', category: 'auth', rules: [{ id: EDGE_RULE_IDS.loginAbuse }] });
    expect((await savePolicy({ zero_trust_api: { mode: 'off' } })).sync_state).toBe('synced');
    expect(await get('/api/admin/export')).toBe(200);
  });

  it('refuses a policy nginx refuses: the push fails, the edge keeps the previous policy and the console shows the sync failed', async () => {
    // The domain's check takes any @ipMatch argument; ModSecurity refuses one that is no address, so nginx -t does.
    const bad = { id: crypto.randomUUID(), name: 'Office', enabled: true, rule: 'SecRule REMOTE_ADDR "@ipMatch 300.1.1.1" "id:1002,phase:1,deny,status:403"' };
    const view = await savePolicy({ custom_rules: [bad] });
    expect(view.sync_state).toBe('failed');
    const device = deviceConfigSchema.parse((await call('GET', `device/config/${deviceId}/`)).json());
    expect(device.sync.state).toBe('failed');
    expect(device.sync.error).toMatch(/^waf: nginx refused the configuration: .*\(the custom rule "Office" of Shop\)/);
    expect(await get('/products?q=red')).toBe(200);
    expect(await get(SQLI)).toBe(403);
  });
});
