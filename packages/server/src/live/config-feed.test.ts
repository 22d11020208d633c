import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CONFIG_FEED, type ConfigSyncEvent } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { TestConsole, type LiveMessage } from '../test/live-client';

const lan = { lan: [{ name: 'lan1', ip: '192.168.40.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] };

describe.each(testBackends('pglite'))('configuration sync over the live socket on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let token: string;
  const closers: { close(): void }[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    token = (await login(t.app, 'editor@acme.test')).access;
  });
  afterAll(async () => {
    for (const c of closers) c.close();
    await t.close();
  });

  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    closers.push({ close: () => agent.ws.terminate() });
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    const welcome = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: welcome.device_id };
  };
  const open = async (path: string) => {
    const c = await TestConsole.open(t.app, path, token);
    closers.push(c);
    return c;
  };
  const configEvent = (deviceId: string, state: ConfigSyncEvent['state']) => (m: LiveMessage) => {
    const e = m as unknown as Partial<ConfigSyncEvent>;
    return e.kind === 'config' && e.device_id === deviceId && e.state === state;
  };
  const rowSays = (deviceId: string, state: string) => (m: LiveMessage) => !!m.deviceinfo?.some((d) => d.id === deviceId && d.configSync === state);

  it('tells consoles of a push on its way and back, and the device rows say syncing, then synced', async () => {
    const { agent, id } = await gateway('SN-LIVE-CFG-1');
    const other = await gateway('SN-LIVE-CFG-2');
    const feed = await open(`/ws/status/${acme.tenantId}?feed=${LIVE_CONFIG_FEED}`);
    const oneDevice = await open(`/ws/status/${acme.tenantId}/${id}?feed=${LIVE_CONFIG_FEED}`);
    const fleet = await open(`/ws/status/${acme.tenantId}`);
    await fleet.waitFor((m) => !!m.deviceinfo && !m.partial);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/device/config/${id}/`,
      headers: bearer(token),
      payload: { document: { interfaces: lan } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await feed.waitFor(configEvent(id, 'syncing'));
    await fleet.waitFor(rowSays(id, 'syncing'));

    const job = await agent.next('job');
    agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: (job.payload as { config_hash: string }).config_hash });
    await agent.next('ack');
    await feed.waitFor(configEvent(id, 'synced'));
    await oneDevice.waitFor(configEvent(id, 'synced'));
    await fleet.waitFor(rowSays(id, 'synced'));

    // The other gateway's push reaches the tenant's feed, not a console that watches one device.
    await t.app.inject({ method: 'PUT', url: `/api/v1/device/config/${other.id}/`, headers: bearer(token), payload: { document: { interfaces: lan } } });
    await feed.waitFor(configEvent(other.id, 'syncing'));
    expect(oneDevice.messages.some((m) => (m as unknown as ConfigSyncEvent).device_id === other.id)).toBe(false);
    // Device rows travel on the fleet feed only.
    expect(feed.messages.some((m) => m.deviceinfo)).toBe(false);
  });

  it('says failed with the device refusing the push, on the rows too', async () => {
    const { agent, id } = await gateway('SN-LIVE-CFG-3');
    const feed = await open(`/ws/status/${acme.tenantId}?feed=${LIVE_CONFIG_FEED}`);
    const fleet = await open(`/ws/status/${acme.tenantId}`);
    await fleet.waitFor((m) => !!m.deviceinfo && !m.partial);
    await t.app.inject({ method: 'PUT', url: `/api/v1/device/config/${id}/`, headers: bearer(token), payload: { document: { interfaces: lan } } });
    const job = await agent.next('job');
    agent.send({ type: 'job_result', job_id: job.job_id, ok: false, output: 'no room' });
    await agent.next('ack');
    await feed.waitFor(configEvent(id, 'failed'));
    await fleet.waitFor(rowSays(id, 'failed'));
  });
});
