import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demAffectedUsersSchema, demApplicationSchema, demResultsPageSchema, demScoresSchema } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { endpointExperience, startFleet, type Fleet } from './fleet';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const ANA = 'ana@acme.test';
const BO = 'bo@acme.test';
const CY = 'cy@acme.test';

/**
 * DEM from the simulated fleet against the real server: three people's endpoints run the tests of
 * a monitored application and report them; when one of them walks away from the access point
 * (her Wi-Fi signal degraded while the fleet runs), the application's score for her falls, the
 * others' stays, and the DEM API names the Wi-Fi as why she is affected.
 */
describe('digital experience from simulated endpoints against the real server', () => {
  let t: TestApp;
  let fleet: Fleet | null = null;
  let tenantId = '';
  let token = '';
  let appId = '';

  beforeAll(async () => {
    // The DEM sections reach endpoints through the reconciler (the web filter's period): short here.
    t = await build('pglite', (c) => ({
      ...c,
      fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 },
      ztna: { reconcileMs: 300 },
      webFilter: { reconcileMs: 300 },
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    tenantId = key.tenantId;
    token = (await login(t.app, 'owner@acme.test')).access;
    const created = await call('POST', 'dem/applications/', { name: 'CRM', kind: 'saas', target: { url: 'https://crm.example.com/' }, interval_seconds: 60 });
    expect(created.statusCode, created.body).toBe(201);
    appId = demApplicationSchema.parse(created.json()).id;
    fleet = startFleet({
      url: `ws://127.0.0.1:${port}/agent/v1`,
      tenants: [
        {
          enrolmentKey: key.key,
          gateways: 0,
          endpoints: 3,
          emailDomain: 'acme.test',
          endpointSpecs: [
            { user: ANA, os: 'windows' },
            { user: BO, os: 'macos' },
            { user: CY, os: 'linux' },
          ],
        },
      ],
      seed: 11,
      staggerMs: 100,
      sessions: false,
      backoff: { baseMs: 100, maxMs: 1000 },
      flowIntervalS: 0,
      urlIntervalS: 0,
      ztnaIntervalS: 0,
      connectorIntervalS: 0,
      nacIntervalS: 0,
      // Every test every second, reported every second: minutes of a working day in seconds.
      demIntervalS: 1,
      dem: { everyS: 1 },
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  function call(method: 'GET' | 'POST', path: string, payload?: object) {
    return t.app.inject({
      method,
      url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenantId}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  }
  const get = async (path: string) => {
    const res = await call('GET', path);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };
  const byUser = async (since: string) =>
    demScoresSchema.parse(await get(`dem/scores/?by=user&application_id=${appId}&start_time=${encodeURIComponent(since)}`)).results;

  it('reports every endpoint’s tests, scoring the application well for everyone', async () => {
    const since = new Date().toISOString();
    const rows = await waitFor('results from the three endpoints', async () => {
      const page = demResultsPageSchema.parse(await get(`dem/results/?application_id=${appId}&page_size=500`));
      const users = new Set(page.results.map((r) => r.user));
      return [ANA, BO, CY].every((u) => users.has(u)) ? page.results : null;
    });
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['http', 'path', 'availability']));
    expect(rows.every((r) => r.path === 'direct' && r.ok)).toBe(true);
    await new Promise((r) => setTimeout(r, 3000));
    const scores = await byUser(new Date(Date.parse(since) - 60_000).toISOString());
    for (const u of [ANA, BO, CY]) expect(scores.find((s) => s.key === u)?.score, u).toBeGreaterThan(75);
  });

  it('lowers the score for the user whose Wi-Fi weakens, and names the Wi-Fi as the cause', async () => {
    const ana = endpointExperience(fleet!.devices, ANA);
    expect(ana).not.toBeNull();
    ana!.set({ wifiDbm: -86 });
    const since = new Date(Date.now() + 1500).toISOString();
    // "Now" is an endpoint's latest round of the application's tests (its 60 s interval): Wi-Fi is named once most of the round ran on the weak signal.
    const affected = await waitFor(
      'Ana affected by her Wi-Fi',
      async () => {
        const res = demAffectedUsersSchema.parse(await get(`dem/affected-users/?application_id=${appId}`));
        return res.results.find((r) => r.user === ANA && r.cause === 'wifi');
      },
      100_000,
    );
    expect(affected).toMatchObject({ worst_component: 'wifi', application: { id: appId, name: 'CRM' } });
    expect(affected.score).toBeLessThan(70);
    const scores = await byUser(since);
    const score = (u: string) => scores.find((s) => s.key === u)!;
    expect(score(ANA).score).toBeLessThan(70);
    expect(score(ANA).worst_component).toBe('wifi');
    expect(score(BO).score).toBeGreaterThan(75);
    expect(score(CY).score).toBeGreaterThan(75);
    // Nobody else is affected.
    const now = demAffectedUsersSchema.parse(await get(`dem/affected-users/?application_id=${appId}`));
    expect(now.results.map((r) => r.user)).toEqual([ANA]);
  }, 120_000);
});
