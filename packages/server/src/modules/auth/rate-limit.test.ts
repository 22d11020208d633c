import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { build, DEMO_PASSWORD, type TestApp } from '../../test/build';

const attempt = (t: TestApp, username: string, password: string, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', remoteAddress: ip, headers, payload: { username, password } });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

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

  it('checks at most the limit of 50 parallel wrong passwords for one account', async () => {
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(t, 'admin@acme.test', `parallel-${i}`, `10.20.${Math.floor(i / 200)}.${i % 200}`)))
    ).map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(3);
    expect(count(statuses, 429)).toBe(47);
  });

  it('lets the owner in from an address they signed in from before while strangers hold the account locked', async () => {
    expect((await attempt(t, 'owner@acme.test', DEMO_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(t, 'owner@acme.test', `x-${i}`, `198.18.0.${i}`)).statusCode).toBe(401);
    // A stranger is locked out even with the right password...
    expect((await attempt(t, 'owner@acme.test', DEMO_PASSWORD, '198.18.0.50')).statusCode).toBe(429);
    // ...the owner at their usual address is not,
    expect((await attempt(t, 'owner@acme.test', DEMO_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // and guessing from that address meets its own limit there.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(t, 'owner@acme.test', `y-${i}`, '192.0.2.10')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('login rate limits behind a proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
    t = await build('pglite', (c) => ({ ...c, trustProxy, loginLimits: { ipPerMinute: 5, userMaxFailures: 100, userWindowSeconds: 900 } }));
  });
  afterAll(() => t.close());

  const viaProxy = (client: string, spoofed: string) =>
    attempt(t, 'nobody@acme.test', 'wrong-password', '10.0.0.2', { 'x-forwarded-for': `${spoofed}, ${client}` });

  it('counts a client by the address the proxy saw, whatever it wrote in X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await viaProxy('198.51.100.200', `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another client behind the same proxy has a budget of its own.
    expect((await viaProxy('198.51.100.201', '203.0.113.1')).statusCode).toBe(401);
  });
});
