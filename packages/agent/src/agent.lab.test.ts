import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConfigSchema, type DeviceConfig } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { buildLab, LAB, labUnavailable, type Lab } from './test/netns-lab';

const unavailable = labUnavailable();
if (unavailable) console.warn(`agent lab not run: ${unavailable}`);

const REPO = path.resolve(import.meta.dirname, '../../..');
/** Short enough for a test to see a revert, long enough for a push on a busy machine to be answered inside it. */
const CONFIRM_WINDOW_MS = 20_000;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The agent on a real Linux network stack: a gateway namespace running the agent against the real
 * server, a LAN client, an ISP and a remote site, and assertions on real packets.
 */
describe.runIf(!unavailable)('the Netloom agent on real packets in network namespaces', () => {
  let lab: Lab;
  let t: TestApp;
  let token: string;
  let agent: ChildProcess;
  let deviceId: string;
  const agentLog: string[] = [];
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'netloom-agent-'));

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const config = async (): Promise<DeviceConfig> => deviceConfigSchema.parse((await call('GET', `device/config/${deviceId}/`)).json());
  /** Saves a section and waits for the agent's answer: synced, or failed with its reason. */
  const push = async (family: string, section: unknown) => {
    const saved = await call('PUT', `device/config/${deviceId}/sections/${family}/`, { section });
    expect(saved.statusCode, saved.body).toBe(200);
    return waitFor(`${family} answered`, async () => {
      const c = await config();
      return c.sync.state === 'synced' || c.sync.state === 'failed' ? c : null;
    });
  };
  const gw = (...args: string[]) => lab.exec(lab.ns.gw, args);
  const pingFrom = (ns: string, address: string) => lab.exec(ns, ['ping', '-n', '-c', '1', '-W', '1', address]).status === 0;

  beforeAll(async () => {
    lab = buildLab();
    t = await build('pglite', (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 } }));
    await t.app.listen({ port: 0, host: LAB.mgmtRoot });
    const { port } = t.app.server.address() as { port: number };
    const { key } = await enrolmentKey(t.app, 'Acme');
    token = (await login(t.app, 'editor@acme.test')).access;
    const args = [
      '--server',
      `http://${LAB.mgmtRoot}:${port}`,
      '--key',
      key,
      '--state',
      path.join(stateDir, 'state.json'),
      '--run-dir',
      path.join(stateDir, 'run'),
    ];
    const tuning = ['--serial', 'LNX-LAB-0001', '--name', 'lab-gateway', '--confirm-window-ms', String(CONFIRM_WINDOW_MS), '--silence-ms', '4000'];
    agent = lab.spawnIn(lab.ns.gw, [process.execPath, '--import', 'tsx', 'packages/agent/src/cli.ts', ...args, ...tuning], { cwd: REPO });
    for (const stream of [agent.stdout!, agent.stderr!]) stream.on('data', (d: Buffer) => agentLog.push(...d.toString().trim().split('\n')));
    deviceId = await waitFor('the agent enrolled', () => agentLog.map((l) => /enrolled as device (\S+)/.exec(l)?.[1]).find(Boolean), 60_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${agentLog.join('\n')}`);
      },
    );
    // The LAN client: a fixed address for the traffic tests (the DHCP test asks for a lease beside it).
    lab.exec(lab.ns.lan, ['ip', 'addr', 'add', `${LAB.lanClient}/24`, 'dev', 'eth0']);
    lab.exec(lab.ns.lan, ['ip', 'route', 'add', 'default', 'via', LAB.lanGw]);
  }, 120_000);

  afterAll(async () => {
    agent?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    lab?.destroy();
    await t?.close();
    if (process.env.AGENT_LAB_LOG) console.log(agentLog.join('\n'));
  });

  it('enrols, keeps its credential readable by root only, and says what the host is', async () => {
    const device = await waitFor('the device row', async () => {
      const res = await call('GET', `device/config/${deviceId}/`);
      return res.statusCode === 200 ? res : null;
    });
    expect(device.statusCode).toBe(200);
    const state = path.join(stateDir, 'state.json');
    expect(statSync(state).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(state, 'utf8')).credential.device_id).toBe(deviceId);
    expect(agentLog.join('\n')).toMatch(/this host can run: .*nftables.*dnsmasq/);
  });

  it('addresses its interfaces and puts in its WAN default routes', async () => {
    const c = await push('interfaces', {
      lan: [{ name: 'lan0', ip: LAB.lanGw, prefix: 24 }],
      wan: [
        { name: 'wan0', mode: 'static', ip: LAB.wan0Gw, prefix: 24, gateway: LAB.wan0Isp },
        { name: 'wan1', mode: 'static', ip: LAB.wan1Gw, prefix: 24, gateway: LAB.wan1Remote },
      ],
      vlans: [],
    });
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    expect(pingFrom(lab.ns.lan, LAB.lanGw)).toBe(true);
    expect(gw('ip', 'route', 'show', 'default').stdout).toMatch(new RegExp(`default via ${LAB.wan0Isp} dev wan0 proto 173 metric 100`));
    // No NAT yet: the remote site cannot answer the LAN's private address.
    expect(await lab.connectFromLan(LAB.remote, 7000)).toMatch(/^error/);
  });

  it('masquerades the LAN behind the WAN address and blocks one port while another stays open', async () => {
    const zone = (name: string, interfaces: string[], forward: string, masquerade: boolean) => ({
      id: crypto.randomUUID(),
      name,
      interfaces,
      input: 'accept',
      output: 'accept',
      forward,
      masquerade,
    });
    const c = await push('firewall', {
      zones: [zone('lan', ['lan0'], 'accept', false), zone('wan', ['wan0', 'wan1'], 'reject', true)],
      inbound: [],
      outbound: [{ id: crypto.randomUUID(), name: 'No 7001', enabled: true, protocol: 'tcp', src_zone: 'lan', dest_port: '7001', action: 'reject' }],
      ipsets: [],
    });
    expect(c.sync.state).toBe('synced');
    expect(await lab.connectFromLan(LAB.remote, 7000)).toBe(LAB.wan0Gw);
    expect(await lab.connectFromLan(LAB.remote, 7001)).toMatch(/^error/);
    expect(lab.exec(lab.ns.gw, ['nft', 'list', 'tables']).stdout).toMatch(/table inet netloom/);
  });

  it('makes the remote subnet reachable with a static route', async () => {
    expect(pingFrom(lab.ns.lan, LAB.site)).toBe(false);
    const c = await push('static_routes', [
      { id: crypto.randomUUID(), name: 'Site', destination: '10.9.9.0/24', gateway: LAB.wan1Remote, metric: 0, enabled: true },
    ]);
    expect(c.sync.state).toBe('synced');
    expect(pingFrom(lab.ns.lan, LAB.site)).toBe(true);
  });

  it('sends one source out the second WAN with a policy route', async () => {
    const c = await push('policy_routing', [
      {
        id: crypto.randomUUID(),
        name: 'Client by WAN 2',
        enabled: true,
        protocol: 'tcp',
        source: `${LAB.lanClient}/32`,
        dest_port: '7000',
        out_interface: 'wan1',
        priority: 10,
      },
    ]);
    expect(c.sync.state).toBe('synced');
    // The remote site sees the connection come from the second WAN's address.
    expect(await lab.connectFromLan(LAB.remote, 7000)).toBe(LAB.wan1Gw);
  });

  it('gives a DHCP client an address from the configured pool', async () => {
    const c = await push('services', {
      dhcp: [{ id: crypto.randomUUID(), interface: 'lan0', start: '192.168.50.100', end: '192.168.50.150', lease_minutes: 60, dns: [], gateway: LAB.lanGw }],
      static_leases: [],
      notifications: [],
    });
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    const leases = path.join(stateDir, 'client.leases');
    const ran = await lab.execAsync(lab.ns.lan, ['dhclient', '-1', '-sf', '/bin/true', '-lf', leases, '-pf', path.join(stateDir, 'dhclient.pid'), 'eth0']);
    expect(ran.status, ran.stderr).toBe(0);
    expect(readFileSync(leases, 'utf8')).toMatch(/fixed-address 192\.168\.50\.(1[0-4]\d|150);/);
  });

  it('reports a route deleted by hand as drift, and auto-sync puts it back', async () => {
    gw('ip', 'route', 'del', '10.9.9.0/24');
    expect(pingFrom(lab.ns.lan, LAB.site)).toBe(false);
    const drifted = await waitFor('the drift reported', async () => (await config()).drift);
    expect(drifted.box_document?.static_routes).toEqual([]);
    await waitFor('the route back', () => /10\.9\.9\.0\/24 via/.test(gw('ip', 'route').stdout));
    expect(pingFrom(lab.ns.lan, LAB.site)).toBe(true);
    await waitFor('synced again', async () => (await config()).sync.state === 'synced');
  });

  it('refuses a family this host cannot run, with the reason, and keeps running what it ran', async () => {
    const c = await push('bgp', { asn: 65001, router_id: LAB.wan0Gw, neighbours: [], networks: [] });
    expect(c.sync.state).toBe('failed');
    expect(c.sync.error).toMatch(/bgp: this host has no FRR \(vtysh\)/);
    expect(pingFrom(lab.ns.lan, LAB.site)).toBe(true);
  });

  it('reverts a push that cuts its management path, and says so when it is back', async () => {
    // Deleting the refused BGP section is the way on; it leaves the device synced.
    expect((await call('DELETE', `device/config/${deviceId}/sections/bgp/`)).statusCode).toBe(200);
    await waitFor('synced without BGP', async () => (await config()).sync.state === 'synced');
    const cut = [
      { id: crypto.randomUUID(), name: 'Site', destination: '10.9.9.0/24', gateway: LAB.wan1Remote, metric: 0, enabled: true },
      // The console's own address sent to a LAN host that is not there: the management path is gone.
      { id: crypto.randomUUID(), name: 'Mistake', destination: `${LAB.mgmtRoot}/32`, gateway: '192.168.50.99', metric: 0, enabled: true },
    ];
    const saved = await call('PUT', `device/config/${deviceId}/sections/static_routes/`, { section: cut });
    expect(saved.statusCode, saved.body).toBe(200);
    const failed = await waitFor('the push reverted', async () => ((await config()).sync.state === 'failed' ? config() : null), CONFIRM_WINDOW_MS + 30_000);
    expect(failed.sync.error).toMatch(/management connection lost/);
    expect(gw('ip', 'route').stdout).not.toMatch(new RegExp(`${LAB.mgmtRoot.replace(/\./g, '\\.')} via`));
    expect(pingFrom(lab.ns.gw, LAB.mgmtRoot)).toBe(true);
  }, 90_000);
});
