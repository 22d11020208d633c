import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { alarmEventSchema, channelSchema, deliveryListSchema } from '@netloom/domain';
import { bearer, build, freshPostgres, login, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

/** A free port on this machine: a webhook aimed at it finds nobody until a receiver listens there. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Deliveries are rows of the database, not promises of a process: one queued while its webhook
 * is down is sent by the next server on the same database. Runs when TEST_DATABASE_URL names a
 * PostgreSQL server (a restart needs a database that outlives the app); elsewhere it is skipped.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a queued notification survives a server restart (needs TEST_DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let target: Server | undefined;
  const apps: TestApp[] = [];
  const closers: { close(): void }[] = [];

  afterAll(async () => {
    for (const c of closers) c.close();
    for (const app of apps) await app.close().catch(() => undefined);
    target?.close();
    await db?.drop();
  });

  it('a WAN-down webhook that failed before the restart is delivered after it', async () => {
    db = await freshPostgres();
    const fast = (c: TestApp['config']) => ({ ...c, notifications: { ...c.notifications, pollMs: 100, firstBackoffMs: 500, allowPrivateTargets: true } });
    const first = await build('postgres', fast, { postgresUrl: db.url, seed: true });
    apps.push(first);
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const port = await freePort();
    const owner = (await login(first.app, 'owner@acme.test')).access;
    const hook = channelSchema.parse(
      (
        await first.app.inject({
          method: 'POST',
          url: '/api/v1/notification-channels/',
          headers: bearer(owner),
          payload: { name: 'NOC hook', kind: 'webhook', target: `http://127.0.0.1:${port}/hook`, alarm_kinds: ['wan'] },
        })
      ).json(),
    );
    const log = async (t: TestApp) =>
      deliveryListSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/v1/notification-channels/${hook.id}/deliveries/`, headers: bearer(owner) })).json(),
      ).results;

    const agent = await TestAgent.connect(first.app);
    closers.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: (await enrolmentKey(first.app, 'Acme')).key }, { serial: 'SN-RESTART', name: 'edge-restart' });
    const { device_id: deviceId } = (await agent.next('welcome')) as { device_id: string };
    agent.heartbeat({ wan: [{ name: 'WAN1', status: 'down', ifname: 'eth0', weight: 1 }] });
    await agent.next('ack');
    // Nobody listens: the try fails and the delivery waits for the next.
    await expect.poll(async () => (await log(first))[0], { timeout: 5_000 }).toMatchObject({ state: 'pending', status_code: null, error: expect.any(String) });
    expect((await log(first))[0]!.attempts).toBeGreaterThanOrEqual(1);
    agent.close();
    await first.close();

    // The receiver comes up while no server runs; a new server on the same database sends what was queued.
    const got: string[] = [];
    target = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push(body);
        res.end();
      });
    });
    await new Promise<void>((resolve) => target!.listen(port, '127.0.0.1', resolve));
    const second = await build('postgres', fast, { postgresUrl: db.url, seed: false });
    apps.push(second);
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(1);
    expect(alarmEventSchema.parse(JSON.parse(got[0]!))).toMatchObject({ device_id: deviceId, kind: 'wan', state: 'Alerting', device_name: 'edge-restart' });
    await expect.poll(async () => (await log(second))[0], { timeout: 5_000 }).toMatchObject({ state: 'delivered', status_code: 200 });
    expect((await log(second))[0]!.attempts).toBeGreaterThanOrEqual(2);
  });
});
