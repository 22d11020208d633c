import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../test/build';
import { enrolmentKey } from '../test/agent-client';

type Call = { method: 'POST'; url: string; payload: Record<string, unknown> };

/**
 * Every route that answers personal browsing data (what one person visited or reached): one user's
 * sites and applications, raw flows, the web-filter, proxy and zero-trust session logs.
 */
const routes = (tenantId: string): [string, Call][] => [
  ['SD-WAN flows', { method: 'POST', url: '/api/v1/sdwan/netflow/flows/', payload: { tenant_id: tenantId, timeduration: 60 } }],
  ['ZTNA flows', { method: 'POST', url: '/api/v1/ztna/netflow/flows/', payload: { tenant_id: tenantId, timeduration: 60 } }],
  ['SD-WAN user data', { method: 'POST', url: '/api/v1/sdwan/netflow/user-data/', payload: { tenant_id: tenantId, timeduration: 60, user: 'ana@acme.test' } }],
  ['ZTNA user data', { method: 'POST', url: '/api/v1/ztna/netflow/user-data/', payload: { tenant_id: tenantId, timeduration: 60, user: 'ana@acme.test' } }],
  [
    'web filter user',
    {
      method: 'POST',
      url: `/api/v1/tenant/config/webfilter-global/webfilter-user/?tenant_id=${tenantId}`,
      payload: { start_time: '24h', user: 'ana@acme.test' },
    },
  ],
  ['web filter logs', { method: 'POST', url: `/api/v1/logs/webfilter-logs/?tenant_id=${tenantId}`, payload: { page: 1, size: 25 } }],
  ['squid logs', { method: 'POST', url: `/api/v1/logs/squid-logs/?tenant_id=${tenantId}`, payload: { page: 1, size: 25 } }],
  ['ZTNA session logs', { method: 'POST', url: `/api/v1/logs/ztna-session-logs/?tenant_id=${tenantId}`, payload: { page: 1, size: 25 } }],
];

describe.each(testBackends('pglite'))('personal browsing data on %s', (backend) => {
  let t: TestApp;
  let acme: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await build(backend);
    acme = (await enrolmentKey(t.app, 'Acme')).tenantId;
    for (const who of ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'viewer@acme.test', 'guest@acme.test', 'super@demo.test'])
      tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(() => t.close());

  const send = (who: string, call: Call) => t.app.inject({ ...call, headers: bearer(tokens[who]!) });

  it('is read by owners and admins, and a super admin acting in the tenant; editors, viewers and guests are refused', async () => {
    for (const [name, call] of routes(acme)) {
      for (const who of ['owner@acme.test', 'admin@acme.test', 'super@demo.test']) {
        const res = await send(who, call);
        expect(res.statusCode, `${name} as ${who}: ${res.body.slice(0, 200)}`).toBe(200);
      }
      for (const who of ['editor@acme.test', 'viewer@acme.test', 'guest@acme.test']) {
        const res = await send(who, call);
        expect(res.statusCode, `${name} as ${who}`).toBe(403);
        expect(res.json(), name).toMatchObject({ code: 'permission_denied' });
      }
    }
  });

  it("leaves the fleet's totals to every console role", async () => {
    const top = await send('viewer@acme.test', {
      method: 'POST',
      url: '/api/v1/sdwan/netflow/top-applications/',
      payload: { tenant_id: acme, timeduration: 60 },
    });
    expect(top.statusCode, top.body).toBe(200);
    const summary = await send('viewer@acme.test', {
      method: 'POST',
      url: `/api/v1/tenant/config/webfilter-global/webfilter-graph/?tenant_id=${acme}`,
      payload: { start_time: '24h' },
    });
    expect(summary.statusCode, summary.body).toBe(200);
  });

  it('is declared so in the OpenAPI document: its readers, and marked as personal data', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const marked = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op['x-personal-data'] === true)
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op['x-roles']]),
    );
    expect(Object.fromEntries(marked)).toEqual(
      Object.fromEntries(
        [
          'POST /api/v1/{product}/netflow/flows/',
          'POST /api/v1/{product}/netflow/user-data/',
          'POST /api/v1/tenant/config/webfilter-global/webfilter-user/',
          'POST /api/v1/logs/webfilter-logs/',
          'POST /api/v1/logs/squid-logs/',
          'POST /api/v1/logs/ztna-session-logs/',
        ].map((key) => [key, ['owner', 'admin', 'super-admin']]),
      ),
    );
    expect(doc.paths['/api/v1/{product}/netflow/{graph}/']?.post?.['x-roles']).toEqual(['owner', 'admin', 'editor', 'viewer', 'super-admin']);
  });
});
