import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEventSchema, alarmHistorySchema, createdChannelSchema, WEBHOOK_SIGNATURE_HEADER } from '@netloom/domain';
import { bearer, build, freshPostgres, login, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';
import { signBody } from './delivery-worker';

/** A webhook receiver answering 200 to every call, keeping what it got. */
async function receiver(): Promise<{ server: Server; url: string; got: { headers: IncomingMessage['headers']; body: string }[] }> {
  const got: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

/**
 * Two instances behind one PostgreSQL and one Redis: each state change is stored, rung and sent to
 * each channel once, whichever instance saw it and however many judged it. Runs when CI provides both
 * TEST_DATABASE_URL and TEST_REDIS_URL; elsewhere it is reported as skipped.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'alarms with two instances sharing PostgreSQL and Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let db: Awaited<ReturnType<typeof freshPostgres>>;
    let a: TestApp;
    let b: TestApp;
    let hook: Awaited<ReturnType<typeof receiver>>;
    const closers: { close(): void }[] = [];

    beforeAll(async () => {
      db = await freshPostgres();
      hook = await receiver();
      // Both instances run a delivery worker, polling often: each could take any delivery.
      const cluster = (c: TestApp['config']) => ({
        ...c,
        redisUrl: process.env.TEST_REDIS_URL!,
        fleet: { ...c.fleet, offlineAfterSeconds: 2 },
        notifications: { ...c.notifications, pollMs: 100, allowPrivateTargets: true },
      });
      a = await build('postgres', cluster, { postgresUrl: db.url, seed: true });
      b = await build('postgres', cluster, { postgresUrl: db.url, seed: false });
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      await b.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const c of closers) c.close();
      await a.close();
      await b.close();
      await db.drop();
      hook.server.close();
    });

    it('a WAN down seen on both instances and a silence both instances sweep are each one alarm, rung once on every console, sent once to each channel', async () => {
      const acme = await enrolmentKey(a.app, 'Acme');
      const token = (await login(a.app, 'viewer@acme.test')).access;
      const owner = (await login(a.app, 'owner@acme.test')).access;
      const channel = async (body: object) =>
        createdChannelSchema.parse(
          (
            await a.app.inject({ method: 'POST', url: '/api/v1/notification-channels/', headers: bearer(owner), payload: { alarm_kinds: ['wan'], ...body } })
          ).json(),
        );
      await channel({ name: 'On call', kind: 'email', target: 'cluster-noc@acme.test' });
      const webhook = await channel({ name: 'NOC hook', kind: 'webhook', target: hook.url });
      const bells = [
        await TestConsole.open(a.app, `/ws/status/${acme.tenantId}?feed=notifications`, token),
        await TestConsole.open(b.app, `/ws/status/${acme.tenantId}?feed=notifications`, token),
      ];
      closers.push(...bells);
      const wanDown = [{ name: 'WAN1', status: 'down', ifname: 'eth0', weight: 1 }];

      const onA = await TestAgent.connect(a.app);
      closers.push(onA);
      onA.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'CLUSTER-ALARM' });
      const { device_id: id, credential } = (await onA.next('welcome')) as { device_id: string; credential: { device_id: string; secret: string } };
      onA.heartbeat({ wan: wanDown });
      await onA.next('ack');
      // The device moves to B and reports the same: B knows it from the database, not as news.
      const onB = await TestAgent.connect(b.app);
      closers.push(onB);
      onB.hello({ kind: 'credential', ...credential }, { serial: 'CLUSTER-ALARM' });
      await onB.next('welcome');
      onB.heartbeat({ wan: wanDown });
      await onB.next('ack');
      // Then it drops without a goodbye: both instances sweep for silent devices.
      onB.ws.terminate();

      const history = async (kind: string) => {
        const r = await b.app.inject({ method: 'GET', url: `/api/v1/device/alarms/${id}/${kind}/`, headers: bearer(token) });
        return alarmHistorySchema.parse(r.json()).results.map((x) => x.state);
      };
      await expect.poll(() => history('device'), { timeout: 10_000 }).toEqual(['Alerting']);
      expect(await history('wan')).toEqual(['Alerting']);
      // A little longer: nothing more comes.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await history('device')).toEqual(['Alerting']);
      for (const bell of bells) {
        const mine = bell.messages.filter((m) => m.notification?.device_id === id).map((m) => m.notification!.kind);
        expect(mine.sort()).toEqual(['device', 'wan']);
      }
      // The WAN alarm went out once: one e-mail from one of the two instances, one signed webhook call.
      const mails = () => [...a.app.mailer.outbox, ...b.app.mailer.outbox].filter((m) => m.to === 'cluster-noc@acme.test').map((m) => m.subject);
      const calls = () => hook.got.filter((g) => alarmEventSchema.parse(JSON.parse(g.body)).device_id === id);
      await expect.poll(() => mails().length + calls().length, { timeout: 5_000 }).toBe(2);
      // Both workers poll ten times a second: a second send would have come by now.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(mails()).toEqual(['[Netloom] Major Alerting – edge-1: WAN WAN1 down']);
      expect(calls()).toHaveLength(1);
      const [call] = calls();
      expect(call!.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(signBody(webhook.secret!, call!.body));
      expect(JSON.parse(call!.body)).toMatchObject({ kind: 'wan', state: 'Alerting', severity: 'major', interface: 'WAN1' });
    });
  },
);
