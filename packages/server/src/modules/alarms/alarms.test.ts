import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmDefaultsSchema, alarmHistorySchema, alarmNotificationListSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';

const wan = (status: 'up' | 'down') => [
  { name: 'WAN1', status, ifname: 'eth0', weight: 1 },
  { name: 'WAN2', status: 'up', ifname: 'eth1', weight: 1 },
];

describe.each(testBackends('pglite'))('alarms on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  const tokens: Record<string, string> = {};
  const closers: { close(): void }[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    for (const who of ['viewer@acme.test', 'owner@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const c of closers) c.close();
    await t.close();
  });

  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(tokens[who]!) });
  const enrol = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    closers.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    const { device_id: id } = (await agent.next('welcome')) as { device_id: string };
    return { agent, id };
  };
  const history = async (who: string, id: string, kind: string, query = '') => {
    const r = await get(who, `device/alarms/${id}/${kind}/${query}`);
    expect(r.statusCode).toBe(200);
    return alarmHistorySchema.parse(r.json()).results;
  };
  const bell = async (who = 'viewer@acme.test') => alarmNotificationListSchema.parse((await get(who, 'notifications/')).json());

  it('a WAN link going down is one Alerting alarm, rung on the bell live; repeated heartbeats add nothing; back up is OK', async () => {
    const bellSocket = await TestConsole.open(t.app, `/ws/status/${acme.tenantId}?feed=notifications`, tokens['viewer@acme.test']);
    closers.push(bellSocket);
    const { agent, id } = await enrol('SN-ALARM-WAN');
    agent.heartbeat({ wan: wan('up') });
    await agent.next('ack');
    const before = (await bell()).unread;

    for (let i = 0; i < 3; i++) {
      agent.heartbeat({ wan: wan('down') });
      await agent.next('ack');
    }
    const rung = await bellSocket.waitFor((m) => m.notification?.device_id === id && m.notification.kind === 'wan');
    expect(rung.notification).toMatchObject({ status: 'Alerting', severity: 'major', deviceName: 'edge-SN-ALARM-WAN', alarm: 'WAN WAN1 down' });
    await expect.poll(async () => (await history('viewer@acme.test', id, 'wan')).length).toBe(1);
    const [down] = await history('viewer@acme.test', id, 'wan');
    expect(down).toMatchObject({ state: 'Alerting', severity: 'major', interface: 'WAN1', kind: 'wan' });

    agent.heartbeat({ wan: wan('up') });
    await agent.next('ack');
    await expect.poll(async () => (await history('viewer@acme.test', id, 'wan')).map((a) => a.state)).toEqual(['OK', 'Alerting']);
    // The interface filter: the device's links, and one link's alarms only.
    await expect.poll(async () => (await get('viewer@acme.test', `device/alarms/${id}/wan_alarms_interfaces/`)).json()).toEqual(['WAN1', 'WAN2']);
    expect(await history('viewer@acme.test', id, 'wan', '?interface=WAN2')).toEqual([]);
    expect(await history('viewer@acme.test', id, 'wan', '?interface=All')).toHaveLength(2);

    // The bell counts both changes as unread until the user marks them read.
    const list = await bell();
    expect(list.unread).toBe(before + 2);
    expect(list.items[0]).toMatchObject({ status: 'OK', severity: 'info', device_id: id, read: false });
    const read = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers: bearer(tokens['viewer@acme.test']!), payload: {} });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ unread: 0 });
    // Read marks are the user's own.
    expect((await bell('owner@acme.test')).unread).toBeGreaterThanOrEqual(2);
  });

  it('a device that says goodbye is unreachable, and reachable again when it is back', async () => {
    const { agent, id } = await enrol('SN-ALARM-REACH');
    agent.heartbeat();
    await agent.next('ack');
    const { credential } = agent.received.find((m) => m.type === 'welcome') as { credential: { device_id: string; secret: string } };
    agent.close(1000);
    await agent.closed;
    await expect.poll(async () => (await history('viewer@acme.test', id, 'device')).map((a) => a.state)).toEqual(['Alerting']);
    const again = await TestAgent.connect(t.app);
    closers.push(again);
    again.hello({ kind: 'credential', ...credential }, { serial: 'SN-ALARM-REACH', name: 'edge-SN-ALARM-REACH' });
    await again.next('welcome');
    await expect.poll(async () => (await history('viewer@acme.test', id, 'device')).map((a) => a.state)).toEqual(['OK', 'Alerting']);
    const [back] = await history('viewer@acme.test', id, 'device');
    expect(back).toMatchObject({ interface: null, alarm: 'Device reachable', severity: 'info' });
    expect((await history('viewer@acme.test', id, 'device'))[1]).toMatchObject({ state: 'Alerting', severity: 'critical' });
  });

  it("quality over the device's thresholds alerts once it lasts their hold time, not on a spike; a tunnel down alerts at once", async () => {
    const spike = (ms: number) => ({
      type: 'metrics',
      at: new Date().toISOString(),
      interfaces: [],
      ping: [{ ifname: 'eth0', latency_ms: ms, jitter_ms: 3, loss_pct: 0 }],
    });
    // Default thresholds: latency 150 ms, held 60 s. A spike is only a candidate.
    const plain = await enrol('SN-ALARM-SPIKE');
    plain.agent.heartbeat({ wan: wan('up') });
    await plain.agent.next('ack');
    plain.agent.send(spike(400));
    await plain.agent.next('ack');

    // A device whose configuration holds for no time alerts on the first bad sample.
    const strict = await enrol('SN-ALARM-PERF');
    strict.agent.heartbeat({ wan: wan('up'), ipsec: [{ name: 'to-hq', status: 'up' }] });
    await strict.agent.next('ack');
    const alarms = { latency_ms: 100, jitter_ms: 30, loss_pct: 5, hold_seconds: 0 };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/device/config/${strict.id}/sections/services/`,
      headers: bearer(tokens['owner@acme.test']!),
      payload: { section: { alarms } },
    });
    expect(saved.statusCode).toBe(200);
    strict.agent.send(spike(120));
    await strict.agent.next('ack');
    await expect.poll(async () => (await history('viewer@acme.test', strict.id, 'performance')).map((a) => a.state)).toEqual(['Alerting']);
    const [slow] = await history('viewer@acme.test', strict.id, 'performance');
    expect(slow).toMatchObject({ interface: 'WAN1', detail: 'latency 120 ms, jitter 3 ms, loss 0 %' });

    strict.agent.heartbeat({ wan: wan('up'), ipsec: [{ name: 'to-hq', status: 'down' }] });
    await strict.agent.next('ack');
    await expect.poll(async () => (await history('viewer@acme.test', strict.id, 'ipsec')).map((a) => a.state)).toEqual(['Alerting']);
    expect(await history('viewer@acme.test', plain.id, 'performance')).toEqual([]);
    expect((await get('viewer@acme.test', `device/alarms/${strict.id}/performance_alarms_interfaces/`)).json()).toEqual(['WAN1', 'WAN2']);
  });

  it("a device without alarm settings of its own alerts on the tenant's default thresholds, which only owners and admins set", async () => {
    const put = (who: string, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/alarm-defaults/', headers: bearer(tokens[who]!), payload: payload as object });
    // Until saved: the built-in thresholds.
    expect(alarmDefaultsSchema.parse((await get('viewer@acme.test', 'alarm-defaults/')).json())).toEqual({
      latency_ms: 150,
      jitter_ms: 30,
      loss_pct: 5,
      hold_seconds: 60,
      built_in: true,
    });
    const strict = { latency_ms: 100, jitter_ms: 20, loss_pct: 2, hold_seconds: 0 };
    expect((await put('viewer@acme.test', strict)).statusCode).toBe(403);
    const bad = await put('owner@acme.test', { ...strict, latency_ms: 0, extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect((await put('owner@acme.test', { latency_ms: 100 })).statusCode).toBe(400);
    expect((await get('viewer@acme.test', 'alarm-defaults/')).json()).toMatchObject({ built_in: true });
    const saved = await put('owner@acme.test', strict);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...strict, built_in: false });
    expect((await get('viewer@acme.test', 'alarm-defaults/')).json()).toEqual({ ...strict, built_in: false });
    // Another tenant keeps its own (the built-in ones).
    expect((await get('owner@globex.test', 'alarm-defaults/')).json()).toMatchObject({ latency_ms: 150, built_in: true });

    // 120 ms is within the built-in 150 ms but over the tenant's 100 ms, held for no time: one minor alarm at once.
    const { agent, id } = await enrol('SN-ALARM-TENANT');
    agent.heartbeat({ wan: wan('up') });
    await agent.next('ack');
    agent.send({ type: 'metrics', at: new Date().toISOString(), interfaces: [], ping: [{ ifname: 'eth0', latency_ms: 120, jitter_ms: 3, loss_pct: 0 }] });
    await agent.next('ack');
    await expect.poll(async () => (await history('viewer@acme.test', id, 'performance')).map((a) => `${a.state} ${a.severity}`)).toEqual(['Alerting minor']);
  });

  it('another tenant gets 404 for the device; bad kinds and bodies are 400 and change nothing', async () => {
    const { agent, id } = await enrol('SN-ALARM-X');
    agent.heartbeat();
    await agent.next('ack');
    expect((await get('owner@globex.test', `device/alarms/${id}/wan/`)).statusCode).toBe(404);
    expect((await get('owner@globex.test', `device/alarms/${id}/wan_alarms_interfaces/`)).statusCode).toBe(404);
    expect((await get('viewer@acme.test', `device/alarms/${id}/nonsense/`)).statusCode).toBe(400);
    const globexBell = await bell('owner@globex.test');
    expect(globexBell.items.every((n) => !n.deviceName.startsWith('edge-SN-ALARM'))).toBe(true);
    const badRead = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read/',
      headers: bearer(tokens['viewer@acme.test']!),
      payload: { up_to: 'x', extra: 1 },
    });
    expect(badRead.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read/',
      headers: bearer(tokens['owner@globex.test']!),
      payload: { up_to: (await bell()).items[0]!.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
