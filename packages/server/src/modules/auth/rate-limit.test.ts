import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DEMO_PASSWORD, type TestApp } from '../../test/build';

const attempt = (t: TestApp, username: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', remoteAddress: ip, payload: { username, password } });

describe('login rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('pglite', (c) => ({ ...c, loginLimits: { ipPerMinute: 8, userMaxFailures: 3, userWindowSeconds: 900 } }));
  });
  afterAll(() => t.close());

  it('stops guessing at one username from many addresses, even with the right password next', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attempt(t, 'editor@acme.test', 'guess-' + i, `198.51.100.${i}`)).statusCode).toBe(401);
    }
    const blocked = await attempt(t, 'editor@acme.test', DEMO_PASSWORD, '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'throttled', detail: expect.stringMatching(/throttled/) });
    // Another account is not affected.
    expect((await attempt(t, 'viewer@acme.test', DEMO_PASSWORD, '198.51.100.98')).statusCode).toBe(200);
  });

  it('stops one address after its per-minute budget, whatever the usernames', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await attempt(t, `someone${i}@acme.test`, 'x-password', '192.0.2.50')).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect((await attempt(t, 'owner@acme.test', DEMO_PASSWORD, '192.0.2.51')).statusCode).toBe(200);
  });
});
