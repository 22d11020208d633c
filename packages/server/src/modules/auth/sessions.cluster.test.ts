import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, DEMO_PASSWORD, freshPostgres, login, type TestApp } from '../../test/build';

/**
 * Two instances behind one PostgreSQL and one Redis: what one instance decides about a user's
 * sessions and sign-in budget holds on the other at once. Runs when CI provides both
 * TEST_DATABASE_URL and TEST_REDIS_URL; elsewhere it is reported as skipped.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'sign-in state across two instances (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let db: Awaited<ReturnType<typeof freshPostgres>>;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      db = await freshPostgres();
      const cluster = (c: TestApp['config']) => ({
        ...c,
        redisUrl: process.env.TEST_REDIS_URL!,
        loginLimits: { ipPerMinute: 100, userMaxFailures: 3, userWindowSeconds: 60 },
      });
      a = await build('postgres', cluster, { postgresUrl: db.url, seed: true });
      b = await build('postgres', cluster, { postgresUrl: db.url, seed: false });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await db.drop();
    });

    it('a password change on A ends the session B has cached, at once', async () => {
      const other = await login(b.app, 'editor@acme.test');
      const me = () => b.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(other.access) });
      // B now holds the other session's principal in its cache.
      expect((await me()).statusCode).toBe(200);
      const self = await login(a.app, 'editor@acme.test');
      const change = await a.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/change/',
        headers: bearer(self.access),
        payload: { old_password: DEMO_PASSWORD, new_password: 'cluster-pass-1' },
      });
      expect(change.statusCode).toBe(200);
      // The bus carries the revocation to B; give it a moment, far less than the cache's lifetime.
      await new Promise((r) => setTimeout(r, 300));
      expect((await me()).json().code).toBe('token_not_valid');
      expect((await b.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(self.access) })).statusCode).toBe(200);
    });

    it('shares one account’s password budget between the instances', async () => {
      const username = 'viewer@acme.test';
      const statuses: number[] = [];
      for (const [i, app] of [a, b, a, b].entries()) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login/',
          remoteAddress: `198.18.1.${i}`,
          payload: { username, password: `wrong-${i}-${Date.now()}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  },
);
