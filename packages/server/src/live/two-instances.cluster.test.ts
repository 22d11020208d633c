import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, freshPostgres, login, type TestApp } from '../test/build';
import { userByEmail } from '../modules/users/test-fixtures';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { TestConsole } from '../test/live-client';

/**
 * Two server instances behind one PostgreSQL and one Redis, as behind a load balancer: a device
 * on one instance and a console on the other still see each other live. Runs when CI provides
 * both TEST_DATABASE_URL and TEST_REDIS_URL; elsewhere it is reported as skipped.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'two instances sharing PostgreSQL and Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let db: Awaited<ReturnType<typeof freshPostgres>>;
    let a: TestApp;
    let b: TestApp;
    const closers: { close(): void }[] = [];

    beforeAll(async () => {
      db = await freshPostgres();
      const cluster = (c: TestApp['config']) => ({ ...c, redisUrl: process.env.TEST_REDIS_URL! });
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

    it('delivers a heartbeat received by instance A to a console on instance B', async () => {
      const acme = await enrolmentKey(a.app, 'Acme');
      const device = await TestAgent.connect(a.app);
      closers.push(device);
      device.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'CLUSTER-1' });
      const { device_id } = (await device.next('welcome')) as { device_id: string };

      const token = (await login(b.app, 'owner@acme.test')).access;
      const console = await TestConsole.open(b.app, `/ws/status/${acme.tenantId}`, token);
      closers.push(console);
      await console.waitFor((m) => !!m.deviceinfo && !m.partial);

      device.heartbeat({ status: 'running', public_ip: '198.51.100.77' });
      const update = await console.waitFor((m) => !!m.partial && !!m.deviceinfo?.some((d) => d.id === device_id && d.publicIp === '198.51.100.77'));
      expect(update.deviceinfo!.find((d) => d.id === device_id)!.deviceStatus).toBe('running');
    });

    it('delivers a chat message sent through instance A to a console on instance B, and B reads it back from the database', async () => {
      const acme = await enrolmentKey(a.app, 'Acme');
      const owner = (await login(b.app, 'owner@acme.test')).access;
      const onB = await TestConsole.open(b.app, `/ws/status/${acme.tenantId}?feed=chat`, owner);
      closers.push(onB);
      await onB.waitFor((m) => (m as { kind?: string }).kind === 'chat_live');
      const viewer = (await login(a.app, 'viewer@acme.test')).access;
      const sent = await a.app.inject({
        method: 'POST',
        url: '/api/v1/support/chat/user_admin_chat/messages/',
        headers: bearer(viewer),
        payload: { body: 'hello from A' },
      });
      expect(sent.statusCode).toBe(201);
      const heard = (await onB.waitFor((m) => (m as { kind?: string }).kind === 'chat')) as unknown as { message: { body: string; id: string } };
      expect(heard.message).toMatchObject({ body: 'hello from A', id: sent.json().id });
      const chat = await b.app.inject({ method: 'GET', url: '/api/v1/support/chat/', headers: bearer(owner) });
      expect(chat.json().channels[0]).toMatchObject({ channel: 'user_admin_chat', unread: 1, messages: [{ body: 'hello from A' }] });
    });

    it('keeps one connection per device across instances', async () => {
      const acme = await enrolmentKey(a.app, 'Acme');
      const first = await TestAgent.connect(a.app);
      closers.push(first);
      first.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'CLUSTER-2' });
      const { credential } = (await first.next('welcome')) as { credential: { device_id: string; secret: string } };
      const second = await TestAgent.connect(b.app);
      closers.push(second);
      second.hello({ kind: 'credential', ...credential });
      await second.next('welcome');
      expect((await first.closed).code).toBe(4409);
    });

    it('ends a session on every instance at once when it logs out on one', async () => {
      const session = await login(a.app, 'viewer@acme.test');
      const me = (app: TestApp) => app.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: { authorization: `Bearer ${session.access}` } });
      expect((await me(b)).statusCode).toBe(200); // instance B now holds the principal in its cache
      await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh } });
      await new Promise((r) => setTimeout(r, 100));
      const after = await me(b);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('token_not_valid');
    });

    it('closes a console on instance B at once when its user is demoted or its session ends on instance A', async () => {
      const { tenantId } = await enrolmentKey(a.app, 'Acme');
      const editor = (await userByEmail(a.app.services.db, 'editor@acme.test'))!;
      const watchOnB = async (access: string) => {
        const c = await TestConsole.open(b.app, `/ws/status/${tenantId}`, access);
        closers.push(c);
        await c.waitFor((m) => !!m.deviceinfo && !m.partial);
        return c;
      };
      const closedWithin1s = (c: TestConsole) =>
        Promise.race([c.closed.then((x) => x.code), new Promise((r) => setTimeout(() => r('still open after 1 s'), 1000))]);

      const session = await login(b.app, 'editor@acme.test');
      const loggingOut = await watchOnB(session.access);
      await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh } });
      expect(await closedWithin1s(loggingOut)).toBe(4401);

      const demoted = await watchOnB((await login(b.app, 'editor@acme.test')).access);
      const owner = (await login(a.app, 'owner@acme.test')).access;
      const res = await a.app.inject({ method: 'PUT', url: `/api/v1/teams/users/${editor.id}/`, headers: bearer(owner), payload: { role: 'guest-user' } });
      expect(res.statusCode).toBe(200);
      expect(await closedWithin1s(demoted)).toBe(4403);
    });
  },
);
