import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, freshPostgres, login, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { TestConsole } from '../test/live-client';
import { OwnRedis } from '../test/own-redis';
import { waitFor } from '../test/wait-for';

const IP_LOGINS_PER_MINUTE = 8;

/**
 * Two instances sharing PostgreSQL and a Redis of the test's own, which the test stops and starts
 * again. Redis carries live updates between instances and shared rate-limit counts; it is not a
 * database: while it is away devices stay connected and keep being stored, sign-in works, each
 * instance's consoles hear its own devices, limits are counted per instance, /readyz says so; once
 * it is back, everything reaches every instance again, without a restart.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a Redis outage under two instances (needs TEST_DATABASE_URL; starts its own redis-server)', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let redis: OwnRedis;
  let a: TestApp;
  let b: TestApp;
  const closers: { close(): void }[] = [];

  beforeAll(async () => {
    db = await freshPostgres();
    redis = await OwnRedis.start();
    const cluster = (requireRedis: boolean) => (c: TestApp['config']) => ({
      ...c,
      redisUrl: redis.url,
      readyRequiresRedis: requireRedis,
      loginLimits: { ...c.loginLimits, ipPerMinute: IP_LOGINS_PER_MINUTE },
    });
    a = await build('postgres', cluster(false), { postgresUrl: db.url, seed: true });
    // B's operator asked for readiness to fail without Redis (READY_REQUIRES_REDIS=1).
    b = await build('postgres', cluster(true), { postgresUrl: db.url, seed: false });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    for (const c of closers) c.close();
    await a?.close();
    await b?.close();
    await redis?.close();
    await db?.drop();
  });

  const ready = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, body: res.json() as { status?: string; redis?: string; code?: string } };
  };

  /** A device of Acme connected to `t`, approved and reporting. */
  const device = async (t: TestApp, serial: string) => {
    const acme = await enrolmentKey(t.app, 'Acme');
    const agent = await TestAgent.connect(t.app);
    closers.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: serial });
    const welcome = (await agent.next('welcome')) as { device_id: string; state: string };
    if (welcome.state !== 'approved') {
      const owner = (await login(t.app, 'owner@acme.test')).access;
      await t.app.inject({ method: 'POST', url: `/api/v1/device/${welcome.device_id}/approve/`, headers: bearer(owner) });
      await agent.next('approved');
    }
    agent.heartbeat();
    await agent.next('ack');
    return { agent, id: welcome.device_id, tenantId: acme.tenantId };
  };

  const watch = async (t: TestApp, tenantId: string) => {
    const token = (await login(t.app, 'owner@acme.test')).access;
    const c = await TestConsole.open(t.app, `/ws/status/${tenantId}`, token);
    closers.push(c);
    await c.waitFor((m) => !!m.deviceinfo && !m.partial);
    return c;
  };
  const heard = (c: TestConsole, id: string, ip: string, timeoutMs = 5_000) =>
    c.waitFor((m) => !!m.partial && !!m.deviceinfo?.some((d) => d.id === id && d.publicIp === ip), timeoutMs);

  it('keeps devices, sign-in and local live updates going while Redis is down, says so, and recovers by itself', async () => {
    expect(await ready(a)).toEqual({ status: 200, body: { status: 'ok', redis: 'ok' } });
    const onA = await device(a, 'OUTAGE-A');
    const consoleOnB = await watch(b, onA.tenantId);
    onA.agent.heartbeat({ public_ip: '198.51.100.1' });
    await heard(consoleOnB, onA.id, '198.51.100.1');

    await redis.down();
    await waitFor(async () => (await ready(a)).body.status === 'degraded', 10_000);

    // Readiness tells: degraded by default, 503 where the operator asked for Redis.
    expect(await ready(a)).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'unavailable' } });
    expect(await ready(b)).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });

    // The device stays connected and its reports are stored and acknowledged.
    const acks = () => onA.agent.received.filter((m) => m.type === 'ack').length;
    const acked = acks();
    onA.agent.heartbeat({ public_ip: '198.51.100.2' });
    await waitFor(async () => acks() > acked);
    // A device can (re)connect to either instance.
    const onB = await device(b, 'OUTAGE-B');
    // Sign-in answers, on both instances.
    for (const t of [a, b]) expect((await login(t.app, 'viewer@acme.test')).access).toBeTruthy();
    // A console hears the devices of its own instance.
    const consoleOnA = await watch(a, onA.tenantId);
    onA.agent.heartbeat({ public_ip: '198.51.100.3' });
    await heard(consoleOnA, onA.id, '198.51.100.3');
    // Request limits still hold, counted on this instance: never a 500.
    const codes: number[] = [];
    for (let i = 0; i < IP_LOGINS_PER_MINUTE + 2; i++) {
      codes.push(
        (await a.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'viewer@acme.test', password: 'netloom-demo' } })).statusCode,
      );
    }
    expect(codes).toContain(429);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    // Nothing was closed meanwhile.
    for (const s of [onA.agent, onB.agent]) expect(s.ws.readyState).toBe(s.ws.OPEN);

    await redis.up();
    await waitFor(async () => (await ready(a)).body.status === 'ok' && (await ready(b)).status === 200, 15_000);
    // Fan-out across instances is back: a device on B is heard by the console on A, and A's on B.
    let n = 10;
    await waitFor(async () => {
      const ip = `198.51.100.${++n}`;
      onB.agent.heartbeat({ public_ip: ip });
      return heard(consoleOnA, onB.id, ip, 500).then(
        () => true,
        () => false,
      );
    }, 15_000);
    onA.agent.heartbeat({ public_ip: '198.51.100.99' });
    await heard(consoleOnB, onA.id, '198.51.100.99');
    expect(consoleOnA.ws.readyState).toBe(consoleOnA.ws.OPEN);
  }, 120_000);
});
