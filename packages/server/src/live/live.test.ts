import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { devices } from '../db/schema/index';
import { build, login, testBackends, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { TestConsole } from '../test/live-client';

describe.each(testBackends('pglite'))('live status hub on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let globex: { tenantId: string; key: string };
  const sockets: { close(): void }[] = [];
  const track = <T extends { close(): void }>(s: T) => {
    sockets.push(s);
    return s;
  };
  const token = async (email: string) => (await login(t.app, email)).access;
  const openConsole = async (path: string, email?: string) => track(await TestConsole.open(t.app, path, email ? await token(email) : undefined));
  const enrol = async (key: string, serial: string, kind: 'gateway' | 'endpoint' = 'gateway') => {
    const a = track(await TestAgent.connect(t.app));
    a.hello({ kind: 'enrol', enrolment_key: key }, { serial, name: `dev-${serial}`, kind });
    const welcome = (await a.next('welcome')) as { device_id: string };
    return { agent: a, id: welcome.device_id };
  };

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    globex = await enrolmentKey(t.app, 'Globex');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('sends the device list and the tiles after the token, then each heartbeat within a second', async () => {
    const gw = await enrol(acme.key, 'LIVE-GW-1');
    const c = await openConsole(`/ws/status/${acme.tenantId}`, 'viewer@acme.test');
    const first = await c.waitFor((m) => !!m.deviceinfo && !m.partial);
    expect(first.deviceinfo!.map((d) => d.id)).toContain(gw.id);
    expect((await c.waitFor((m) => !!m.tenantinfo)).tenantinfo!.devices).toBeGreaterThanOrEqual(1);

    const sentAt = Date.now();
    gw.agent.heartbeat({ status: 'running', wan: [{ name: 'WAN1', status: 'down', ifname: 'eth0', weight: 1 }] });
    const update = await c.waitFor((m) => !!m.partial && !!m.deviceinfo?.some((d) => d.id === gw.id && d.wan_status[0]?.status === 'down'));
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(update.deviceinfo!.find((d) => d.id === gw.id)).toMatchObject({ deviceStatus: 'running', currentStatus: 'running' });
  });

  it('never sends one tenant’s devices to another tenant’s console', async () => {
    const other = await enrol(globex.key, 'LIVE-GLOBEX-1', 'endpoint');
    const acmeConsole = await openConsole(`/ws/status/${acme.tenantId}`, 'owner@acme.test');
    const globexConsole = await openConsole(`/ws/status/${globex.tenantId}`, 'owner@globex.test');
    await acmeConsole.waitFor((m) => !!m.deviceinfo);
    await globexConsole.waitFor((m) => !!m.deviceinfo);
    other.agent.heartbeat({ status: 'connected' });
    await globexConsole.waitFor((m) => !!m.partial && !!m.deviceinfo?.some((d) => d.id === other.id));
    await new Promise((r) => setTimeout(r, 300));
    const seenByAcme = acmeConsole.messages.flatMap((m) => m.deviceinfo ?? []).map((d) => d.id);
    expect(seenByAcme).not.toContain(other.id);
  });

  it('refuses another tenant, a guest-user, a bad token and a foreign device', async () => {
    const intruder = await openConsole(`/ws/status/${globex.tenantId}`, 'owner@acme.test');
    expect(await intruder.closed).toEqual({ code: 4404, reason: 'tenant or device not found' });
    const guest = await openConsole(`/ws/status/${acme.tenantId}`, 'guest@acme.test');
    expect((await guest.closed).code).toBe(4403);
    const forged = track(await TestConsole.open(t.app, `/ws/status/${acme.tenantId}`, 'not-a-token'));
    expect((await forged.closed).code).toBe(4401);
    const foreign = await enrol(globex.key, 'LIVE-GLOBEX-2', 'endpoint');
    const peek = await openConsole(`/ws/status/${acme.tenantId}/${foreign.id}`, 'owner@acme.test');
    expect((await peek.closed).code).toBe(4404);
    expect(intruder.messages).toEqual([]);
  });

  it('lets a super admin watch any tenant, and follows the live request’s filter', async () => {
    await enrol(acme.key, 'LIVE-EP-1', 'endpoint');
    const c = await openConsole(`/ws/status/${acme.tenantId}`, 'super@demo.test');
    await c.waitFor((m) => !!m.tenantinfo); // the first tiles follow the first list
    const from = c.messages.length;
    c.send({ tenant_id: acme.tenantId, network_id: null, type: 'endpoint' });
    const endpoints = await c.waitFor((m) => !!m.deviceinfo && !m.partial, 5000, from);
    expect(endpoints.deviceinfo!.length).toBeGreaterThan(0);
    expect(endpoints.deviceinfo!.every((d) => d.deviceType === 'endpoint')).toBe(true);
    // The tiles count what the table shows: this product's devices only.
    const tiles = await c.waitFor((m) => !!m.tenantinfo, 5000, from);
    const [countedEndpoints] = await t.app.services.db
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.tenantId, acme.tenantId), eq(devices.kind, 'endpoint')));
    expect(tiles.tenantinfo!.devices).toBe(countedEndpoints!.n);
  });

  it("takes the spec's network_id '' as 'All Device Groups' in a live request", async () => {
    await enrol(acme.key, 'LIVE-ALL-GROUPS');
    const c = await openConsole(`/ws/status/${acme.tenantId}`, 'owner@acme.test');
    await c.waitFor((m) => !!m.tenantinfo);
    const from = c.messages.length;
    c.send({ tenant_id: acme.tenantId, network_id: '', type: 'device' });
    const all = await c.waitFor((m) => !!m.deviceinfo && !m.partial, 5000, from);
    expect(all.deviceinfo!.map((d) => d.name)).toContain('dev-LIVE-ALL-GROUPS');
  });

  it('watches one device on the device path', async () => {
    const one = await enrol(acme.key, 'LIVE-ONE');
    await enrol(acme.key, 'LIVE-OTHER');
    const c = await openConsole(`/ws/status/${acme.tenantId}/${one.id}`, 'editor@acme.test');
    const snap = await c.waitFor((m) => !!m.deviceinfo);
    expect(snap.deviceinfo!.map((d) => d.id)).toEqual([one.id]);
  });

  it('coalesces a flapping link: at most one update per device per second', async () => {
    const flappy = await enrol(acme.key, 'LIVE-FLAP');
    const c = await openConsole(`/ws/status/${acme.tenantId}`, 'viewer@acme.test');
    await c.waitFor((m) => !!m.deviceinfo);
    const from = c.messages.length;
    for (let i = 0; i < 20; i++) {
      flappy.agent.heartbeat({ wan: [{ name: 'WAN1', status: i % 2 ? 'up' : 'down', ifname: 'eth0', weight: 1 }] });
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 1300));
    const updates = c.messages.slice(from).filter((m) => m.partial && m.deviceinfo?.some((d) => d.id === flappy.id));
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates.length).toBeLessThanOrEqual(3);
    // The last state always arrives.
    const last = updates.at(-1)!.deviceinfo!.find((d) => d.id === flappy.id)!;
    expect(last.wan_status[0]!.status).toBe('up');
  });

  it('pushes a device going offline to the console', async () => {
    const gw = await enrol(acme.key, 'LIVE-BYE');
    gw.agent.heartbeat();
    await gw.agent.next('ack');
    const c = await openConsole(`/ws/status/${acme.tenantId}`, 'owner@acme.test');
    await c.waitFor((m) => !!m.deviceinfo);
    gw.agent.close(1000);
    await c.waitFor((m) => !!m.partial && !!m.deviceinfo?.some((d) => d.id === gw.id && d.deviceStatus === 'error'));
    // …and the database agrees once the batch is written.
    for (let i = 0; i < 40; i++) {
      const [row] = await t.app.services.db.select().from(devices).where(eq(devices.id, gw.id));
      if (row?.deviceStatus === 'error') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the offline state was not stored');
  });
});
