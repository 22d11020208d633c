import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { topics } from '../../server/src/bus/topics';
import { deviceJobs, deviceMetrics, devices } from '../../server/src/db/schema/index';
import type { DeviceEvent } from './device';
import { buildDevices, startFleet, type Fleet, type FleetOptions } from './fleet';
import { GatewayBehaviour } from './gateway-behaviour';
import { MODEL_LIMITS } from './running-config';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('fleet against the real server', () => {
  let t: TestApp;
  let fleet: Fleet | null = null;
  let tenantId: string;
  let options: FleetOptions;
  const closes: { code: number; reason: string }[] = [];

  const rows = () => t.app.services.db.select().from(devices).where(eq(devices.tenantId, tenantId));

  beforeAll(async () => {
    t = await build('pglite', (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1, offlineAfterSeconds: 3 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    tenantId = key.tenantId;
    options = {
      url: `ws://127.0.0.1:${port}/agent/v1`,
      tenants: [{ enrolmentKey: key.key, gateways: 3, endpoints: 3, emailDomain: 'acme.test' }],
      seed: 7,
      staggerMs: 500,
      // Predictable for assertions: no flaps, no users signing off on their own.
      sessions: false,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      backoff: { baseMs: 100, maxMs: 1000 },
      rebootMs: [200, 400],
      onEvent: (e: DeviceEvent) => {
        if (e.type === 'closed') closes.push({ code: e.code, reason: e.reason });
      },
    };
  });

  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  it('enrols, is approved (auto-approve) and reports status, last seen and metrics', async () => {
    fleet = startFleet(options);
    const live = await waitFor('6 approved devices reporting', async () => {
      const r = await rows();
      return r.length === 6 && r.every((d) => d.approved && d.lastSeenAt && ['running', 'connected'].includes(d.deviceStatus)) && r;
    });
    const gateways = live.filter((d) => d.kind === 'gateway');
    const endpoints = live.filter((d) => d.kind === 'endpoint');
    expect(gateways).toHaveLength(3);
    expect(endpoints).toHaveLength(3);
    for (const g of gateways) {
      expect(g.wanStatus.length).toBeGreaterThanOrEqual(1);
      expect(g.publicIp).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\./);
      expect(g.latitude).not.toBeNull();
    }
    for (const e of endpoints) {
      expect(['windows', 'macos', 'linux', 'android', 'ios']).toContain(e.os);
      expect(e.username).toMatch(/@acme\.test$/);
    }
    await waitFor('metrics stored', async () => (await t.app.services.db.select().from(deviceMetrics).limit(1)).length > 0);
    expect(fleet.counts().connected).toBe(6);
    // Nothing the simulator sent was refused as malformed.
    expect(closes.filter((c) => c.code >= 4000)).toEqual([]);
  });

  it('an endpoint that stops goes offline', async () => {
    const endpoint = fleet!.devices.find((d) => d.behaviour.kind === 'endpoint')!;
    await endpoint.stop();
    await waitFor('endpoint offline', async () => {
      const [row] = await t.app.services.db.select().from(devices).where(eq(devices.id, endpoint.deviceId!));
      return row?.deviceStatus === 'offline';
    });
  });

  it('acknowledges a reboot job and comes back', async () => {
    const gateway = fleet!.devices.find((d) => d.behaviour.kind === 'gateway')!;
    const jobId = crypto.randomUUID();
    await t.app.services.db.insert(deviceJobs).values({ id: jobId, tenantId, deviceId: gateway.deviceId!, kind: 'reboot' });
    await t.app.services.bus.publish(topics.device(gateway.deviceId!), { kind: 'job', job_id: jobId });
    await waitFor('job done', async () => {
      const [job] = await t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.id, jobId));
      return job?.state === 'done';
    });
    await waitFor('gateway rebooting', async () => gateway.state !== 'connected');
    await waitFor('gateway back', async () => gateway.state === 'connected');
  });

  it('runs a configuration saved in the console, and refuses one its model cannot hold', async () => {
    const gateway = fleet!.devices.find((d) => d.behaviour.kind === 'gateway' && d.state === 'connected')!;
    const { access } = await login(t.app, 'editor@acme.test');
    const routes = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: crypto.randomUUID(), name: `r${i}`, destination: `10.${i}.0.0/16`, gateway: '192.168.50.254' }));
    const save = (count: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/device/config/${gateway.deviceId}/`,
        headers: bearer(access),
        payload: { document: { interfaces: { lan: [{ name: 'lan1', ip: '192.168.50.1', prefix: 24 }], wan: [] }, static_routes: routes(count) } },
      });
    const state = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/device/config/${gateway.deviceId}/`, headers: bearer(access) })).json().sync as {
        state: string;
        error: string | null;
      };
    expect((await save(2)).statusCode).toBe(200);
    await waitFor('configuration synced', async () => (await state()).state === 'synced');
    expect(gateway.runningConfig?.static_routes).toHaveLength(2);
    expect((await save(MODEL_LIMITS.staticRoutes + 1)).statusCode).toBe(200);
    const failed = await waitFor('configuration refused', async () => {
      const s = await state();
      return s.state === 'failed' && s;
    });
    expect(failed.error).toBe(`static_routes: this gateway holds at most 64 static routes (65 given)`);
    expect(gateway.runningConfig?.static_routes).toHaveLength(2);
  });

  it('reverts a push by itself when its management connection is lost within the confirmation window, and says so', async () => {
    const gateway = fleet!.devices.find((d) => d.behaviour.kind === 'gateway' && d.state === 'connected')!;
    const { access } = await login(t.app, 'editor@acme.test');
    const api = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1/device/config/${gateway.deviceId}/${url}`, headers: bearer(access), ...(payload ? { payload } : {}) });
    const lan = { lan: [{ name: 'lan1', ip: '192.168.60.1', prefix: 24 }], wan: [] };
    const sync = async () => (await api('GET', '')).json().sync as { state: string; error: string | null };
    await api('PUT', '', { document: { interfaces: lan } });
    await waitFor('first configuration synced', async () => (await sync()).state === 'synced');
    const before = gateway.runningConfig;
    // A push that cuts the gateway off: it applies it, then its link dies within the window.
    await api('PUT', 'sections/static_routes/', {
      section: [{ id: crypto.randomUUID(), name: 'cutter', destination: '10.60.0.0/16', gateway: '192.168.60.254' }],
    });
    await waitFor('the push applied', async () => gateway.runningConfig?.static_routes?.length === 1);
    gateway.cutConnection();
    const failed = await waitFor('the revert reported', async () => {
      const s = await sync();
      return s.state === 'failed' && s;
    });
    expect(failed.error).toMatch(/^Reverted by the device: management connection lost within 60 s/);
    expect(gateway.runningConfig).toEqual(before);
    // It runs the previous configuration and is not sent the same push again and again.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await sync()).state).toBe('failed');
  });

  it('repairs a configuration changed on the box (drift) by sending the desired one again', async () => {
    const gateway = fleet!.devices.find((d) => d.behaviour.kind === 'gateway' && d.state === 'connected' && d.runningConfig === null)!;
    const { access } = await login(t.app, 'editor@acme.test');
    const url = `/api/v1/device/config/${gateway.deviceId}/`;
    const state = async () => (await t.app.inject({ method: 'GET', url, headers: bearer(access) })).json().sync.state as string;
    await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(access),
      payload: { document: { interfaces: { lan: [{ name: 'lan1', ip: '192.168.70.1', prefix: 24 }], wan: [] } } },
    });
    await waitFor('configured', async () => (await state()) === 'synced');
    gateway.driftNow();
    expect(gateway.runningConfig?.static_routes?.[0]?.name).toBe('local-1');
    await waitFor('sent the desired configuration again', async () => gateway.runningConfig?.static_routes === undefined && (await state()) === 'synced');
    const syncs = await t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, gateway.deviceId!));
    expect(syncs.filter((j) => j.kind === 'full_sync' && j.state === 'done')).toHaveLength(1);
    // The console still shows what was changed on the box, and that it was re-synced once.
    const drift = (await t.app.inject({ method: 'GET', url, headers: bearer(access) })).json().drift;
    expect(drift).toMatchObject({ resyncs_24h: 1, box_document: { static_routes: [expect.objectContaining({ name: 'local-1' })] } });
  });

  it('reports the WAN links its configuration names', async () => {
    const gateway = fleet!.devices.find((d) => d.behaviour.kind === 'gateway' && d.state === 'connected')!;
    const { access } = await login(t.app, 'editor@acme.test');
    const wan = [
      { name: 'wan1', mode: 'dhcp' },
      { name: 'lte0', mode: 'dhcp', weight: 3 },
    ];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/device/config/${gateway.deviceId}/sections/interfaces/`,
      headers: bearer(access),
      payload: { section: { lan: [], wan } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await waitFor('the configured links reported', async () => {
      const [d] = await t.app.services.db.select().from(devices).where(eq(devices.id, gateway.deviceId!));
      return d?.wanStatus.map((l) => l.ifname).join() === 'wan1,lte0' && d;
    });
    expect(row.wanStatus.map((l) => [l.name, l.weight])).toEqual([
      ['WAN1', 1],
      ['LTE0', 3],
    ]);
  });

  it('reports the routing table and tunnels its configuration makes when asked', async () => {
    const [a, b] = fleet!.devices.filter((d) => d.behaviour.kind === 'gateway' && d.state === 'connected');
    const { access } = await login(t.app, 'editor@acme.test');
    const put = (id: string, section: string, body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/device/config/${id}/sections/${section}/`, headers: bearer(access), payload: { section: body } });
    const snapshot = async (id: string, kind: string) => {
      // The answer to this request, not a snapshot the device pushed unasked before it (ipsec is one it pushes).
      const since = Date.now();
      const asked = await t.app.inject({ method: 'POST', url: `/api/v1/device/status/${id}/${kind}/refresh/`, headers: bearer(access) });
      expect(asked.statusCode, asked.body).toBe(202);
      return waitFor(`${kind} of ${id}`, async () => {
        const s = (await t.app.inject({ method: 'GET', url: `/api/v1/device/status/${id}/${kind}/`, headers: bearer(access) })).json();
        return s.at && Date.parse(s.at) >= since && (s.snapshot.entries as Record<string, unknown>[]);
      });
    };
    const ip = (d: typeof a) => d!.behaviour.publicIp!;
    const site = (d: typeof a, n: number, far: typeof a, farNet: number) => ({
      lan: { lan: [{ name: 'lan1', ip: `10.${n}.0.1`, prefix: 16 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
      ipsec: {
        tunnels: [
          {
            id: crypto.randomUUID(),
            name: 'site-link',
            remote: ip(far),
            local_interface: 'wan1',
            local_subnets: [`10.${n}.0.0/16`],
            remote_subnets: [`10.${farNet}.0.0/16`],
            psk: 'shared-secret',
          },
        ],
      },
    });
    for (const [d, n, far, farNet] of [
      [a, 81, b, 82],
      [b, 82, a, 81],
    ] as const) {
      const cfg = site(d, n, far, farNet);
      expect((await put(d!.deviceId!, 'interfaces', cfg.lan)).statusCode).toBe(200);
      expect((await put(d!.deviceId!, 'ipsec', cfg.ipsec)).statusCode).toBe(200);
      expect(
        (await put(d!.deviceId!, 'static_routes', [{ id: crypto.randomUUID(), name: 'lab', destination: '172.30.0.0/16', gateway: `10.${n}.0.254` }]))
          .statusCode,
      ).toBe(200);
    }
    await waitFor('both run it', async () => a!.runningConfig?.static_routes?.length === 1 && b!.runningConfig?.static_routes?.length === 1);
    const routes = await snapshot(a!.deviceId!, 'routes');
    expect(routes).toContainEqual({ destination: '172.30.0.0/16', gateway: '10.81.0.254', interface: 'lan1', metric: 0, origin: 'static' });
    expect(routes).toContainEqual(expect.objectContaining({ destination: '10.81.0.0/16', origin: 'connected' }));
    expect(await snapshot(a!.deviceId!, 'ipsec')).toEqual([{ name: 'site-link', remote: ip(b), state: 'up', reason: null }]);
  });

  it('builds working tunnels on both ends from Auto VPN alone: a hub and a spoke each name only their own subnets', async () => {
    const gateways = fleet!.devices.filter((d) => d.behaviour.kind === 'gateway' && d.state === 'connected');
    const [hub, spoke] = gateways.slice(-2);
    const { access } = await login(t.app, 'editor@acme.test');
    const put = (id: string, section: string, body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/device/config/${id}/sections/${section}/`, headers: bearer(access), payload: { section: body } });
    for (const [d, n, role] of [
      [hub, 3, 'hub'],
      [spoke, 5, 'spoke'],
    ] as const) {
      // An earlier test may have left a route and a tunnel on the LAN this one renumbers.
      expect((await put(d!.deviceId!, 'static_routes', [])).statusCode).toBe(200);
      expect((await put(d!.deviceId!, 'ipsec', { tunnels: [] })).statusCode).toBe(200);
      expect(
        (await put(d!.deviceId!, 'interfaces', { lan: [{ name: 'lan1', ip: `10.${n}.1.1`, prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] })).statusCode,
      ).toBe(200);
      const auto = { tunnels: [], auto_vpn: { enabled: true, topology: 'hub-and-spoke', role, subnets: [`10.${n}.1.0/24`] } };
      expect((await put(d!.deviceId!, 'ipsec', auto)).statusCode).toBe(200);
    }
    const peersOf = (d: typeof hub) => d!.runningConfig?.ipsec?.auto_vpn?.peers ?? [];
    await waitFor('both run their peer', async () => peersOf(hub).length === 1 && peersOf(spoke).length === 1);
    // Each end was told where the other is and the key they share; nobody typed either.
    expect(peersOf(hub)[0]).toMatchObject({ name: spoke!.behaviour.name, address: spoke!.behaviour.publicIp, subnets: ['10.5.1.0/24'] });
    expect(peersOf(spoke)[0]).toMatchObject({ name: hub!.behaviour.name, address: hub!.behaviour.publicIp, subnets: ['10.3.1.0/24'] });
    expect(peersOf(hub)[0]!.psk).toHaveLength(48);
    expect(peersOf(hub)[0]!.psk).toBe(peersOf(spoke)[0]!.psk);
    const tunnels = async (d: typeof hub) => {
      // The answer to this request, not an ipsec snapshot the gateway pushed unasked before it.
      const since = Date.now();
      const asked = await t.app.inject({ method: 'POST', url: `/api/v1/device/status/${d!.deviceId}/ipsec/refresh/`, headers: bearer(access) });
      expect(asked.statusCode, asked.body).toBe(202);
      return waitFor('tunnels', async () => {
        const s = (await t.app.inject({ method: 'GET', url: `/api/v1/device/status/${d!.deviceId}/ipsec/`, headers: bearer(access) })).json();
        return s.at && Date.parse(s.at) >= since && (s.snapshot.entries as Record<string, unknown>[]);
      });
    };
    expect(await tunnels(hub)).toContainEqual({ name: `auto-${spoke!.behaviour.name}`, remote: spoke!.behaviour.publicIp, state: 'up', reason: null });
    expect(await tunnels(spoke)).toContainEqual({ name: `auto-${hub!.behaviour.name}`, remote: hub!.behaviour.publicIp, state: 'up', reason: null });
  });

  it('builds the mesh of a device group: a hub and a spoke of one group bring their mesh tunnel up, seen in their IPsec status', async () => {
    const gateways = fleet!.devices.filter((d) => d.behaviour instanceof GatewayBehaviour && d.state === 'connected');
    // The smallest model refuses to be a hub (overlay-mesh.ts): a bigger one is.
    const hub = gateways.find((d) => (d.behaviour as GatewayBehaviour).profile.model !== 'NL-Edge 100')!;
    const spoke = gateways.find((d) => d !== hub)!;
    const { access } = await login(t.app, 'editor@acme.test');
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(access), ...(payload ? { payload } : {}) });
    const group = (await call('POST', 'network/list/', { name: 'Mesh lab' })).json() as { id: string };
    expect((await call('PUT', `network/${group.id}/devices/`, { device_ids: [hub.deviceId, spoke.deviceId] })).statusCode).toBe(200);
    for (const [d, n, role] of [
      [hub, 7, 'hub'],
      [spoke, 9, 'spoke'],
    ] as const) {
      // An earlier test may have left a route, a tunnel or Auto VPN on the LAN this one renumbers.
      for (const [section, body] of [
        ['static_routes', []],
        ['ipsec', { tunnels: [] }],
        ['interfaces', { lan: [{ name: 'lan1', ip: `10.${n}.2.1`, prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] }],
        ['overlay_mesh', { topology: 'hub-and-spoke', role, subnets: [`10.${n}.2.0/24`] }],
      ] as const) {
        const res = await call('PUT', `device/config/${d.deviceId}/sections/${section}/`, { section: body });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const peersOf = (d: typeof hub) => d.runningConfig?.overlay_mesh?.peers ?? [];
    await waitFor('both run their mesh peer', async () => peersOf(hub).length === 1 && peersOf(spoke).length === 1);
    expect(peersOf(hub)[0]).toMatchObject({ name: spoke.behaviour.name, address: spoke.behaviour.publicIp, subnets: ['10.9.2.0/24'] });
    expect(peersOf(hub)[0]!.psk).toBe(peersOf(spoke)[0]!.psk);
    const tunnels = async (d: typeof hub) => {
      const since = Date.now();
      expect((await call('POST', `device/status/${d.deviceId}/ipsec/refresh/`)).statusCode).toBe(202);
      return waitFor('tunnels', async () => {
        const s = (await call('GET', `device/status/${d.deviceId}/ipsec/`)).json();
        return s.at && Date.parse(s.at) >= since && (s.snapshot.entries as Record<string, unknown>[]);
      });
    };
    expect(await tunnels(hub)).toContainEqual({ name: `mesh-${spoke.behaviour.name}`, remote: spoke.behaviour.publicIp, state: 'up', reason: null });
    expect(await tunnels(spoke)).toContainEqual({ name: `mesh-${hub.behaviour.name}`, remote: hub.behaviour.publicIp, state: 'up', reason: null });
  });

  it('restarts with the same credentials without duplicate devices', async () => {
    const before = (await rows()).map((d) => d.id).sort();
    const saved = fleet!.saved();
    await fleet!.stop();
    fleet = startFleet({ ...options, saved });
    await waitFor('all 6 back', async () => fleet!.counts().connected === 6);
    const after = await rows();
    expect(after.map((d) => d.id).sort()).toEqual(before);
    await waitFor('all reporting again', async () => (await rows()).every((d) => ['running', 'connected'].includes(d.deviceStatus)));
    expect(closes.filter((c) => c.code >= 4000)).toEqual([]);
  });

  it('a credential the server does not know (a new database) is dropped and the device enrols afresh', async () => {
    const tenant = { ...options.tenants[0]!, gateways: 1, endpoints: 0, emailDomain: 'branch.acme.test' };
    const [probe] = buildDevices({ ...options, tenants: [tenant] });
    const stale = { credential: { device_id: crypto.randomUUID(), secret: 'a'.repeat(43) }, seq: 5, config_hash: null };
    const extra = startFleet({ ...options, tenants: [tenant], onEvent: undefined, saved: { [probe!.serial]: stale } });
    try {
      await waitFor('re-enrolled', async () => extra.counts().connected === 1);
      const device = extra.devices[0]!;
      expect(device.deviceId).not.toBe(stale.credential.device_id);
      expect(device.lastClose?.code).toBe(4401);
    } finally {
      await extra.stop();
    }
  });
});
