import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentScores, demApplicationSchema, demResultsPageSchema } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { waitFor } from './test/lab-agent';
import { buildLab, LAB, labUnavailable, type Lab } from './test/netns-lab';

const REPO = path.resolve(import.meta.dirname, '../../..');
const HOST = 'crm.lab.test';
const USER = 'viewer@acme.test';

/** The application at the remote site: a page that takes as long to answer as the delay file says. */
const APP_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const [file, host] = process.argv.slice(1);
http.createServer((req, res) => {
  const delay = Number(fs.readFileSync(file, 'utf8')) || 0;
  setTimeout(() => res.end('<html>' + 'x'.repeat(40000) + '</html>'), delay);
}).listen(8080, host);
`;

const unavailable = labUnavailable();
if (unavailable) console.warn(`DEM lab not run: ${unavailable}`);

/**
 * The agent as a workforce endpoint on real packets: in the lab's gateway namespace it reaches an
 * application at the remote site two routers away by its name (the namespace's own /etc/hosts),
 * times it for real and reports to the real server, whose DEM API shows the runs; once the
 * application is made slow, its first byte comes late and the DEM API names the application.
 */
describe.runIf(!unavailable)('the Netloom agent as an endpoint running DEM tests', () => {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'netloom-dem-lab-'));
  const delayFile = path.join(stateDir, 'delay');
  const agentLog: string[] = [];
  let lab: Lab;
  let t: TestApp;
  let token = '';
  let tenantId = '';
  let appId = '';
  let agent: ChildProcess | null = null;
  let netnsEtc = '';

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}${url.includes('?') ? '&' : '?'}tenant_id=${tenantId}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const results = async (since: string) => {
    const res = await call('GET', `dem/results/?application_id=${appId}&start_time=${encodeURIComponent(since)}&page_size=500`);
    expect(res.statusCode, res.body).toBe(200);
    return demResultsPageSchema.parse(res.json()).results;
  };

  beforeAll(async () => {
    lab = buildLab();
    // The endpoint's way to the remote site: through the ISP's router (the agent changes no route of an endpoint).
    const gw = (...args: string[]) => expect(lab.exec(lab.ns.gw, args).status).toBe(0);
    gw('ip', 'addr', 'add', `${LAB.wan0Gw}/24`, 'dev', 'wan0');
    gw('ip', 'link', 'set', 'wan0', 'up');
    gw('ip', 'route', 'add', '203.0.113.0/24', 'via', LAB.wan0Isp);
    // `ip netns exec` puts /etc/netns/<ns>/hosts in place of /etc/hosts: the application's name resolves there only.
    netnsEtc = `/etc/netns/${lab.ns.gw}`;
    mkdirSync(netnsEtc, { recursive: true });
    writeFileSync(path.join(netnsEtc, 'hosts'), `127.0.0.1 localhost\n${LAB.remote} ${HOST}\n`);
    writeFileSync(delayFile, '0');
    lab.spawnIn(lab.ns.remote, [process.execPath, '-e', APP_SERVER, delayFile, LAB.remote]);

    t = await build('pglite', (c) => ({
      ...c,
      fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 },
      ztna: { reconcileMs: 500 },
      webFilter: { reconcileMs: 500 },
    }));
    await t.app.listen({ port: 0, host: lab.mgmtRoot });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    tenantId = key.tenantId;
    token = (await login(t.app, 'owner@acme.test')).access;
    const created = await call('POST', 'dem/applications/', {
      name: 'CRM',
      kind: 'saas',
      target: { url: `http://${HOST}:8080/` },
      interval_seconds: 60,
    });
    expect(created.statusCode, created.body).toBe(201);
    appId = demApplicationSchema.parse(created.json()).id;

    const args = [
      ...['--server', `http://${lab.mgmtRoot}:${port}`, '--key', key.key, '--state', path.join(stateDir, 'state.json')],
      ...['--run-dir', path.join(stateDir, 'run'), '--serial', 'LNX-LAB-DEM', '--name', 'lab-laptop', '--silence-ms', '10000'],
      ...['--role', 'endpoint', '--user', USER, '--dem-interval-s', '1', '--dem-every-s', '2'],
    ];
    agent = lab.spawnIn(lab.ns.gw, [process.execPath, '--import', 'tsx', 'packages/agent/src/cli.ts', ...args], { cwd: REPO });
    for (const stream of [agent.stdout!, agent.stderr!]) stream.on('data', (d: Buffer) => agentLog.push(...d.toString().trim().split('\n')));
    await waitFor('the endpoint enrolled', () => agentLog.some((l) => /enrolled as device/.test(l)), 120_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${agentLog.join('\n')}`);
    });
  }, 180_000);

  afterAll(async () => {
    agent?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    lab?.destroy();
    await t?.close();
    rmSync(netnsEtc, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
    if (process.env.AGENT_LAB_LOG) console.log(agentLog.join('\n'));
  });

  it("times the application's page, path and availability for real, and its runs reach the DEM API", async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const runs = await waitFor(
      'http, path and availability runs',
      async () => {
        const rows = await results(since);
        return ['http', 'path', 'availability'].every((k) => rows.some((r) => r.kind === k && r.ok)) ? rows : null;
      },
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${agentLog.join('\n')}`);
    });
    const page = runs.find((r) => r.kind === 'http' && r.ok)!;
    expect(page).toMatchObject({ user: USER, status: 200, path: 'direct', network: 'wired', tls_ms: null });
    expect(page.dns_ms!).toBeGreaterThanOrEqual(0);
    expect(page.connect_ms!).toBeGreaterThan(0);
    expect(page.ttfb_ms!).toBeGreaterThanOrEqual(page.dns_ms! + page.connect_ms!);
    expect(page.total_ms!).toBeGreaterThanOrEqual(page.ttfb_ms!);
    expect(page.ttfb_ms!).toBeLessThan(500);
    expect(page.cpu_pct).not.toBeNull();
    expect(page.memory_pct).not.toBeNull();
    // Two routers on the way: the ISP's, then the application's own address.
    const trace = runs.find((r) => r.kind === 'path' && r.ok)!;
    expect(trace).toMatchObject({ hops: 2, loss: 0 });
    expect(trace.latency_ms!).toBeGreaterThan(0);
    expect(page.score).toBeGreaterThan(80);
  });

  it('shows a slow application in its first byte and names it as the cause', async () => {
    writeFileSync(delayFile, '2500');
    const since = new Date().toISOString();
    const slow = await waitFor(
      'a slow page',
      async () => (await results(since)).find((r) => r.kind === 'http' && r.ttfb_ms !== null && r.ttfb_ms >= 2500),
      60_000,
    );
    // The lookup and the connect stay quick: it is the application's own answer that is late.
    expect(slow.ok).toBe(true);
    expect(slow.connect_ms!).toBeLessThan(500);
    expect(slow.total_ms!).toBeGreaterThanOrEqual(slow.ttfb_ms!);
    expect(componentScores({ dns: slow.dns_ms, connect: slow.connect_ms, ttfb: slow.ttfb_ms })).toEqual({ dns: 100, connect: 100, ttfb: 0 });
    expect(slow.score).toBeLessThan(70);
    // A late first byte is the application's, however busy the endpoint's CPU is (it explains a slow handshake or page, not this).
    expect(slow.cause).toBe('app');
  });
});
