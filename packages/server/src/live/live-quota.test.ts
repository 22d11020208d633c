import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, login, testBackends, type TestApp } from '../test/build';
import { enrolmentKey } from '../test/agent-client';
import { TestConsole } from '../test/live-client';

const SESSION_FULL = { code: 4429, reason: 'too many live connections for this session' };
const USER_FULL = { code: 4429, reason: 'too many live connections for this user' };

/** The console sockets one session (100) and one user (200) may hold open, with the default limits. */
describe.each(testBackends('pglite'))('live socket quotas on %s', (backend) => {
  let t: TestApp;
  let path: string;
  const open: TestConsole[] = [];
  const session = async (email: string) => (await login(t.app, email)).access;
  /** A console socket that got its first device list: authenticated and fed. */
  const live = async (token: string) => {
    const c = await TestConsole.open(t.app, path, token);
    open.push(c);
    await c.waitFor((m) => !!m.deviceinfo);
    return c;
  };
  const liveMany = (token: string, n: number) => Promise.all(Array.from({ length: n }, () => live(token)));
  /** How the server closes a socket after its token ('still open' if it does not within 3 s). */
  const refused = async (token: string) => {
    const c = await TestConsole.open(t.app, path, token);
    open.push(c);
    return Promise.race([c.closed, new Promise((r) => setTimeout(() => r('still open'), 3_000))]);
  };
  const shut = async (c: TestConsole) => {
    c.close();
    await c.closed;
  };

  beforeAll(async () => {
    // Many sockets open at once from this one test address: the pre-authentication cap is not what is tested here.
    t = await build(backend, (c) => ({ ...c, sockets: { ...c.sockets, preAuthPerAddress: 1_000 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    path = `/ws/status/${(await enrolmentKey(t.app, 'Acme')).tenantId}`;
  });
  afterAll(async () => {
    await Promise.all(open.map(shut));
    await t.close();
  });

  it('holds one session to 100 sockets and one user to 200 over their sessions, closing the next with 4429', async () => {
    const first = await session('viewer@acme.test');
    const firstSockets = await liveMany(first, 100);
    expect(await refused(first)).toEqual(SESSION_FULL);

    // A closed socket gives its place back.
    await shut(firstSockets[0]!);
    await live(first);
    expect(await refused(first)).toEqual(SESSION_FULL);

    // Another session of the same user has places of its own, up to the user's 200.
    const second = await session('viewer@acme.test');
    const secondSockets = await liveMany(second, 100);
    const third = await session('viewer@acme.test');
    expect(await refused(third)).toEqual(USER_FULL);

    // Other users are not affected by this one's sockets.
    await live(await session('owner@acme.test'));

    await shut(secondSockets[0]!);
    await live(third);
  });
});
