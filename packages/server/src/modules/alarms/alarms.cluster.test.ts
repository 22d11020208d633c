import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmHistorySchema } from '@netloom/domain';
import { bearer, build, freshPostgres, login, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';

/**
 * Two instances behind one PostgreSQL and one Redis: each state change is stored and rung once,
 * whichever instance saw it and however many judged it. Runs when CI provides both
 * TEST_DATABASE_URL and TEST_REDIS_URL; elsewhere it is reported as skipped.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'alarms with two instances sharing PostgreSQL and Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let db: Awaited<ReturnType<typeof freshPostgres>>;
    let a: TestApp;
    let b: TestApp;
    const closers: { close(): void }[] = [];

    beforeAll(async () => {
      db = await freshPostgres();
      const cluster = (c: TestApp['config']) => ({ ...c, redisUrl: process.env.TEST_REDIS_URL!, fleet: { ...c.fleet, offlineAfterSeconds: 2 } });
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
    });

    it('a WAN down seen on both instances and a silence both instances sweep are each one alarm, rung once on every console', async () => {
      const acme = await enrolmentKey(a.app, 'Acme');
      const token = (await login(a.app, 'viewer@acme.test')).access;
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
    });
  },
);
