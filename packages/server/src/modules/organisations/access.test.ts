import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { demoTenantIds } from '../../fleet/test-fixtures';
import { addGroup, addMember } from '../users/test-fixtures';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}
const WHO = ['owner', 'admin', 'editor', 'viewer', 'guest', 'super'] as const;
type Who = (typeof WHO)[number];
type Need = 'read' | 'manage' | 'logs' | 'anyone' | 'super';
const ALLOWED: Record<Need, Who[]> = {
  read: ['owner', 'admin', 'editor', 'viewer', 'super'],
  manage: ['owner', 'admin', 'super'],
  logs: ['owner', 'admin', 'super'],
  anyone: [...WHO],
  super: ['super'],
};

describe.each(testBackends('pglite'))('role matrix and tenant isolation of the organisation calls on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: { acme: string; globex: string };
  let n = 0;

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    for (const who of WHO) tokens[who] = (await login(t.app, who === 'super' ? 'super@demo.test' : `${who}@acme.test`)).access;
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const member = async (tid: string, opts = {}) => (await addMember(db(), tid, 'viewer', opts)).id;
  const tenant = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/tenant/list/', headers: bearer(tokens.super!), payload: { name: `Probe ${++n}` } });
    return res.json() as { id: string; tenantname: string };
  };

  /** Every call of issue 5, with who may make it and fresh objects of `tid` to act on. */
  const CALLS: [string, Need, (tid: string) => Promise<Call>][] = [
    ['GET teams/users/', 'read', async () => ({ method: 'GET', url: 'teams/users/' })],
    ['POST teams/users/', 'manage', async () => ({ method: 'POST', url: 'teams/users/', payload: { email: `invitee-${++n}@acme.test`, role: 'viewer' } })],
    ['PUT teams/users/{id}/', 'manage', async (tid) => ({ method: 'PUT', url: `teams/users/${await member(tid)}/`, payload: { role: 'editor' } })],
    ['DELETE teams/users/{id}/', 'manage', async (tid) => ({ method: 'DELETE', url: `teams/users/${await member(tid)}/` })],
    [
      'POST teams/users/{id}/resend-invitation/',
      'manage',
      async (tid) => ({ method: 'POST', url: `teams/users/${await member(tid, { pending: true })}/resend-invitation/` }),
    ],
    ['POST teams/users/{id}/activate/', 'manage', async (tid) => ({ method: 'POST', url: `teams/users/${await member(tid, { active: false })}/activate/` })],
    ['POST teams/users/{id}/deactivate/', 'manage', async (tid) => ({ method: 'POST', url: `teams/users/${await member(tid)}/deactivate/` })],
    ['GET teams/groups/', 'read', async () => ({ method: 'GET', url: 'teams/groups/' })],
    ['POST teams/groups/', 'manage', async () => ({ method: 'POST', url: 'teams/groups/', payload: { name: `new group ${++n}` } })],
    [
      'PUT teams/groups/{id}/',
      'manage',
      async (tid) => ({ method: 'PUT', url: `teams/groups/${await addGroup(db(), tid)}/`, payload: { name: `renamed ${++n}` } }),
    ],
    ['DELETE teams/groups/{id}/', 'manage', async (tid) => ({ method: 'DELETE', url: `teams/groups/${await addGroup(db(), tid)}/` })],
    [
      'PUT teams/groups/{id}/members/',
      'manage',
      async (tid) => ({ method: 'PUT', url: `teams/groups/${await addGroup(db(), tid)}/members/`, payload: { user_ids: [await member(tid)] } }),
    ],
    ['GET tenant/config/config-preference/', 'read', async () => ({ method: 'GET', url: 'tenant/config/config-preference/' })],
    [
      'POST tenant/config/config-preference/',
      'manage',
      async () => ({ method: 'POST', url: 'tenant/config/config-preference/', payload: { dashboard: { netflow: true }, devReg_autoApprove: true } }),
    ],
    ['GET tenant/organisation/', 'read', async () => ({ method: 'GET', url: 'tenant/organisation/' })],
    ['PUT tenant/organisation/', 'manage', async () => ({ method: 'PUT', url: 'tenant/organisation/', payload: { legal_name: `Acme ${++n} Ltd` } })],
    ['GET logs/login-logs/', 'logs', async () => ({ method: 'GET', url: 'logs/login-logs/' })],
    ['GET logs/activity-logs/', 'logs', async () => ({ method: 'GET', url: 'logs/activity-logs/?format=csv' })],
    ['GET settings/profile/', 'anyone', async () => ({ method: 'GET', url: 'settings/profile/' })],
    ['PUT settings/profile/', 'anyone', async () => ({ method: 'PUT', url: 'settings/profile/', payload: { company_name: 'Acme' } })],
    ['POST tenant/list/', 'super', async () => ({ method: 'POST', url: 'tenant/list/', payload: { name: `Created ${++n}` } })],
    ['GET tenant/customers/', 'super', async () => ({ method: 'GET', url: 'tenant/customers/' })],
    ['POST tenant/monitor/', 'super', async (tid) => ({ method: 'POST', url: 'tenant/monitor/', payload: { tenant_id: tid } })],
    ['GET tenant/{id}/', 'super', async (tid) => ({ method: 'GET', url: `tenant/${tid}/` })],
    ['PUT tenant/{id}/', 'super', async () => ({ method: 'PUT', url: `tenant/${(await tenant()).id}/`, payload: { suspended: true } })],
    [
      'DELETE tenant/{id}/',
      'super',
      async () => {
        const created = await tenant();
        return { method: 'DELETE', url: `tenant/${created.id}/`, payload: { confirm: created.tenantname } };
      },
    ],
  ];

  const send = (who: string, call: Call, tid?: string) => {
    const sep = call.url.includes('?') ? '&' : '?';
    const url = `/api/v1/${call.url}${tid ? `${sep}tid=${tid}` : ''}`;
    return t.app.inject({ method: call.method, url, headers: bearer(tokens[who]!), ...(call.payload ? { payload: call.payload } : {}) });
  };

  describe.each(CALLS)('%s', (_name, need, make) => {
    it.each(WHO)('answers %s exactly as the rules say', async (who) => {
      // The super admin names Acme; tenant users act in their own tenant.
      const res = await send(who, await make(ids.acme), who === 'super' ? ids.acme : undefined);
      if (ALLOWED[need].includes(who)) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      if (ALLOWED[need].includes(who)) expect(res.statusCode, res.body).toBeLessThan(300);
      else expect(res.statusCode, res.body).toBe(403);
    });
  });

  const objectCalls = CALLS.filter(([name, need]) => name.includes('{id}') && need === 'manage');
  it.each(objectCalls)('%s on a Globex object answers 404 to the Acme owner and admin', async (_name, _need, make) => {
    for (const who of ['owner', 'admin']) {
      const res = await send(who, await make(ids.globex));
      expect(res.statusCode, `${who} ${res.body}`).toBe(404);
      expect(res.body).not.toContain('globex');
    }
  });

  const tenantCalls = CALLS.filter(([, need]) => need !== 'super' && need !== 'anyone');
  it.each(tenantCalls)('%s naming Globex answers 404 to every Acme role', async (_name, _need, make) => {
    const call = await make(ids.globex);
    for (const who of ['owner', 'admin', 'editor', 'viewer', 'guest']) {
      expect((await send(who, call, ids.globex)).statusCode, who).toBe(404);
    }
  });
});
