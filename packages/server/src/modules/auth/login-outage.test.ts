import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DEMO_PASSWORD, testBackends, type TestApp } from '../../test/build';
import { cutEmbeddedDatabase } from '../../test/embedded-outage';

/** Sign-ins from one address while the database is away, and after it is back. */
describe.each(testBackends('pglite'))('sign-in limit per address across a database outage on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, loginLimits: { ipPerMinute: 5, userMaxFailures: 100, userWindowSeconds: 900 } }));
  });
  afterAll(() => t.close());

  const signIn = (password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', remoteAddress: ip, payload: { username: 'owner@acme.test', password } });

  it('counts only attempts that were answered: a console that retried through the outage signs in when it ends', async () => {
    const restore = cutEmbeddedDatabase(t.app);
    const during: number[] = [];
    try {
      for (let i = 0; i < 12; i++) during.push((await signIn(DEMO_PASSWORD, '198.51.100.40')).statusCode);
    } finally {
      restore();
    }
    expect(during).toEqual(Array(12).fill(503));

    // Back: the address has its whole budget of 5, and answered attempts (a success, wrong passwords) spend it.
    const after: number[] = [];
    after.push((await signIn(DEMO_PASSWORD, '198.51.100.40')).statusCode);
    for (let i = 0; i < 5; i++) after.push((await signIn(`wrong-${i}`, '198.51.100.40')).statusCode);
    expect(after).toEqual([200, 401, 401, 401, 401, 429]);
    const refused = await signIn(DEMO_PASSWORD, '198.51.100.40');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'throttled' });
  });
});
