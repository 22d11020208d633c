import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds, minutesAgo } from '../../fleet/test-fixtures';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}
type Need = 'read' | 'write' | 'manage';
const WHO = ['owner', 'admin', 'editor', 'viewer', 'guest', 'super'] as const;
type Who = (typeof WHO)[number];
const ALLOWED: Record<Need, Who[]> = {
  read: ['owner', 'admin', 'editor', 'viewer', 'super'],
  write: ['owner', 'admin', 'editor', 'super'],
  manage: ['owner', 'admin', 'super'],
};

describe.each(testBackends('pglite'))('roles and tenant isolation of the device calls on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: { acme: string; globex: string };
  let n = 0;

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    for (const who of WHO) tokens[who] = (await login(t.app, who === 'super' ? 'super@demo.test' : `${who}@acme.test`)).access;
    tokens.globex = (await login(t.app, 'owner@globex.test')).access;
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const device = async (tenantId: string, fields = {}) =>
    (
      await addDevice(db(), tenantId, {
        name: `probe-${tenantId === ids.globex ? 'GLOBEX' : 'acme'}-${++n}`,
        lastSeenAt: minutesAgo(1),
        deviceStatus: 'running',
        ...fields,
      })
    ).id;
  const network = async (tenantId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/network/list/?tid=${tenantId}`,
      headers: bearer(tokens.super!),
      payload: { name: `group-${tenantId === ids.globex ? 'GLOBEX' : 'acme'}-${++n}` },
    });
    return networkSchema.parse(res.json()).id;
  };

  /** Every call of these modules, with what it needs and fresh objects of `tenantId` to act on. */
  const CALLS: [string, Need, (tenantId: string) => Promise<Call>][] = [
    ['POST device/list/', 'read', async () => ({ method: 'POST', url: 'device/list/', payload: { size: 0 } })],
    ['GET device/list/', 'read', async () => ({ method: 'GET', url: 'device/list/?page_size=0' })],
    ['POST admin-device/list/', 'read', async () => ({ method: 'POST', url: 'admin-device/list/', payload: {} })],
    ['GET device/{id}/', 'read', async (tid) => ({ method: 'GET', url: `device/${await device(tid)}/` })],
    ['GET device/{id}/metrics/', 'read', async (tid) => ({ method: 'GET', url: `device/${await device(tid)}/metrics/` })],
    ['GET user devices', 'read', async () => ({ method: 'GET', url: 'webfilter-global/get-user-devices/?username=ann@acme.test' })],
    ['POST device/{id}/approve/', 'write', async (tid) => ({ method: 'POST', url: `device/${await device(tid, { approved: false })}/approve/` })],
    [
      'POST device/claim/',
      'write',
      async () => ({ method: 'POST', url: 'device/claim/', payload: { serial: `CLAIM-${++n}`, name: 'claimed', kind: 'gateway' } }),
    ],
    ['POST device/{id}/unclaim/', 'write', async (tid) => ({ method: 'POST', url: `device/${await device(tid)}/unclaim/` })],
    ['POST device/{id}/activate/', 'write', async (tid) => ({ method: 'POST', url: `device/${await device(tid, { active: false })}/activate/` })],
    ['POST device/{id}/deactivate/', 'write', async (tid) => ({ method: 'POST', url: `device/${await device(tid)}/deactivate/` })],
    ['POST device/{id}/restart/', 'write', async (tid) => ({ method: 'POST', url: `device/${await device(tid)}/restart/` })],
    ['GET network/list/', 'read', async () => ({ method: 'GET', url: 'network/list/' })],
    ['POST network/list/', 'write', async () => ({ method: 'POST', url: 'network/list/', payload: { name: `new-${++n}` } })],
    ['PUT network/{id}/', 'write', async (tid) => ({ method: 'PUT', url: `network/${await network(tid)}/`, payload: { name: `renamed-${++n}` } })],
    ['DELETE network/{id}/', 'write', async (tid) => ({ method: 'DELETE', url: `network/${await network(tid)}/` })],
    [
      'PUT network/{id}/devices/',
      'write',
      async (tid) => ({ method: 'PUT', url: `network/${await network(tid)}/devices/`, payload: { device_ids: [await device(tid)] } }),
    ],
    ['GET network/status-monitor/{id}/', 'read', async (tid) => ({ method: 'GET', url: `network/status-monitor/${await network(tid)}/` })],
    ['POST tenant/tenant-info/', 'read', async () => ({ method: 'POST', url: 'tenant/tenant-info/', payload: {} })],
    ['GET tenant/tenant-info/', 'read', async () => ({ method: 'GET', url: 'tenant/tenant-info/' })],
    ['GET tenant/commercial-data/', 'read', async () => ({ method: 'GET', url: 'tenant/commercial-data/' })],
    [
      'POST tenant/commercial-data/',
      'write',
      async (tid) => ({
        method: 'POST',
        url: 'tenant/commercial-data/',
        payload: { [await device(tid)]: { WAN1: { amount: 5, date: '2025-01-01', lastUpdated: '2025-01-01T00:00:00Z' } } },
      }),
    ],
    ['GET tenant/enrolment-key/', 'manage', async () => ({ method: 'GET', url: 'tenant/enrolment-key/' })],
    ['POST tenant/enrolment-key/rotate/', 'manage', async () => ({ method: 'POST', url: 'tenant/enrolment-key/rotate/' })],
  ];

  /** The tenant named the way each call names it: `tid` in the query, `tenant_id` where the spec uses it. */
  function inTenant(call: Call, tenantId: string): Call {
    if (call.url.startsWith('webfilter-global/')) return { ...call, url: `${call.url}&tenant_id=${tenantId}` };
    if (call.url === 'admin-device/list/' || (call.url === 'tenant/tenant-info/' && call.method === 'POST'))
      return { ...call, payload: { ...call.payload, tenant_id: tenantId } };
    return { ...call, url: `${call.url}${call.url.includes('?') ? '&' : '?'}tid=${tenantId}` };
  }
  const send = (call: Call, token: string) =>
    t.app.inject({ method: call.method, url: `/api/v1/${call.url}`, headers: bearer(token), ...(call.payload ? { payload: call.payload } : {}) });

  it.each(CALLS)('%s (%s): each role gets exactly its answer', async (_name, need, make) => {
    const answers: Record<string, number> = {};
    for (const who of WHO) {
      const call = await make(ids.acme);
      const res = await send(who === 'super' ? inTenant(call, ids.acme) : call, tokens[who]!);
      answers[who] = res.statusCode;
      if (res.statusCode === 403) expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' });
    }
    const expected = Object.fromEntries(WHO.map((who) => [who, ALLOWED[need].includes(who) ? 'ok' : 403]));
    expect(Object.fromEntries(Object.entries(answers).map(([who, s]) => [who, s >= 200 && s < 300 ? 'ok' : s]))).toEqual(expected);
  });

  it.each(CALLS)('%s: a Globex object or tenant named by Acme answers 404, never the object', async (_name, _need, make) => {
    const call = await make(ids.globex);
    const probes = [inTenant(call, ids.globex)];
    const namesObject = /[0-9a-f]{8}-/.test(JSON.stringify(call));
    if (namesObject) probes.push(call);
    for (const probe of probes) {
      const res = await send(probe, tokens.owner!);
      expect(res.statusCode, probe.url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    // The super admin with Acme selected cannot reach a Globex object either.
    if (namesObject) expect((await send(inTenant(call, ids.acme), tokens.super!)).statusCode).toBe(404);
  });

  it('lets Globex see only Globex', async () => {
    await device(ids.acme);
    await device(ids.globex);
    const res = await send({ method: 'POST', url: 'device/list/', payload: { size: 0 } }, tokens.globex!);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('probe-acme');
    expect(res.body).toContain('probe-GLOBEX');
  });

  it('answers 401 without a token', async () => {
    for (const [, , make] of CALLS) {
      const call = await make(ids.acme);
      const res = await t.app.inject({ method: call.method, url: `/api/v1/${call.url}`, ...(call.payload ? { payload: call.payload } : {}) });
      expect(res.statusCode, call.url).toBe(401);
    }
  });
});
