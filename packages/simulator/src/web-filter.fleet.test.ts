import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webFilterLogPageSchema, webFilterPolicySchema, type WebFilterLogRow } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { startFleet, type Fleet } from './fleet';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Simulated endpoints and gateways browse, decide each request with the web filter their
 * configuration carries and report it: a policy pushed to them decides their next requests, and
 * turning the filter off lets them through again.
 */
describe('web filter enforced by the simulated fleet against the real server', () => {
  let t: TestApp;
  let fleet: Fleet | null = null;
  let tenantId: string;
  let token: string;

  beforeAll(async () => {
    t = await build('pglite', (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 }, webFilter: { reconcileMs: 500 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    tenantId = key.tenantId;
    token = (await login(t.app, 'owner@acme.test')).access;
    fleet = startFleet({
      url: `ws://127.0.0.1:${port}/agent/v1`,
      tenants: [{ enrolmentKey: key.key, gateways: 1, endpoints: 2, emailDomain: 'acme.test' }],
      seed: 11,
      staggerMs: 100,
      sessions: false,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      backoff: { baseMs: 100, maxMs: 1000 },
      flowIntervalS: 0,
      urlIntervalS: 1,
      // Busy users at any hour of the day the test runs.
      visitsPerMinute: 600,
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${path}?tenant_id=${tenantId}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const events = async (filters: { key: string; value: string }[] = []): Promise<WebFilterLogRow[]> =>
    webFilterLogPageSchema.parse((await call('POST', 'logs/webfilter-logs/', { page: 1, size: 1000, filters })).json()).results;

  it('blocks what a pushed policy blocks from the next request on, and lets it through once the filter is off', async () => {
    // Three devices enrol; the policy reaches every one of them as a configuration revision.
    await waitFor(
      'three devices',
      async () => (await t.app.inject({ method: 'GET', url: `/api/v1/device/list/?tid=${tenantId}`, headers: bearer(token) })).json().count === 3,
    );
    const created = await call('POST', 'tenant/config/webfilter-policy/', { name: 'Block all', applies_to: { everyone: true }, blocked_categories: ['*'] });
    const policy = webFilterPolicySchema.parse(created.json());
    const pushedAt = Date.now();
    const blocked = await waitFor('blocked events from every device', async () => {
      const rows = (await events()).filter((e) => Date.parse(e.time) > pushedAt + 3_000);
      return new Set(rows.map((r) => r.device_id)).size === 3 && rows;
    });
    // Every request made after the push (and its application, a second or two) is decided by it.
    expect(
      blocked.every((e) => e.action === 'blocked' && e.policy_id === policy.id),
      JSON.stringify(blocked.find((e) => e.action !== 'blocked')),
    ).toBe(true);
    expect(blocked.some((e) => e.via === 'proxy')).toBe(true);
    expect(blocked.some((e) => e.via === 'agent' && e.user?.endsWith('@acme.test'))).toBe(true);

    await call('POST', 'tenant/config/webfilter-global/', { status: false });
    const offAt = Date.now();
    const allowed = await waitFor('events after the filter went off', async () => {
      const rows = (await events()).filter((e) => Date.parse(e.time) > offAt + 3_000);
      return new Set(rows.map((r) => r.device_id)).size === 3 && rows;
    });
    expect(allowed.every((e) => e.action === 'allowed' && e.rule === 'filter-off')).toBe(true);
  }, 60_000);
});
