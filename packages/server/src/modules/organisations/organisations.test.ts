import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListSchema, logListSchema, tenantDetailSchema, tenantListSchema, tenantMonitorSchema, TEAM_MESSAGES } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds } from '../../fleet/test-fixtures';
import { activationToken, userByEmail } from '../users/test-fixtures';

describe.each(testBackends('pglite'))('super admin: tenants, monitor and customers on %s', (backend) => {
  let t: TestApp;
  let superToken: string;
  let ids: { acme: string; globex: string };

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    superToken = (await login(t.app, 'super@demo.test')).access;
  });
  afterAll(() => t.close());

  const su = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(superToken), ...(payload ? { payload } : {}) });
  const tenantCount = async () => tenantListSchema.parse((await su('GET', 'tenant/list/?page_size=0')).json()).count;

  it('creates a tenant with its subscriptions and invites its first owner, who activates and logs in', async () => {
    const res = await su('POST', 'tenant/list/', {
      name: 'Initech',
      subscriptions: ['sdwan', 'qshield'],
      all_product_access: false,
      owner_email: 'boss@initech.test',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = tenantDetailSchema.parse(res.json());
    expect(created).toMatchObject({
      tenantname: 'Initech',
      subscriptions: ['sdwan', 'qshield'],
      owner_emails: ['boss@initech.test'],
      users: 1,
      devices: 0,
      suspended: false,
    });
    const token = activationToken(t.app.mailer.outbox, 'boss@initech.test');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/activate/', payload: { token, password: 'initech-pass' } })).statusCode).toBe(200);
    const session = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'boss@initech.test', password: 'initech-pass' } });
    expect(session.json().user).toMatchObject({ role: 'owner', tenantName: 'Initech' });
    // The new owner sees that the provider created the tenant.
    const log = logListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/logs/activity-logs/', headers: bearer(session.json().access) })).json());
    expect(log.results.find((r) => r.action === 'tenant.created')).toMatchObject({ user: 'super@demo.test', via_super_admin: true });
  });

  it('refuses a taken name, an unknown subscription or an owner with an account, creating nothing', async () => {
    const before = await tenantCount();
    expect((await su('POST', 'tenant/list/', { name: 'acme' })).json().errors.name).toEqual([TEAM_MESSAGES.tenantNameTaken]);
    expect((await su('POST', 'tenant/list/', { name: 'Hooli', subscriptions: ['waf'] })).statusCode).toBe(400);
    expect((await su('POST', 'tenant/list/', { name: 'Hooli', owner_email: 'viewer@acme.test' })).json().errors.owner_email).toEqual([
      TEAM_MESSAGES.otherTenant,
    ]);
    expect((await su('POST', 'tenant/list/', { name: '' })).statusCode).toBe(400);
    expect(await tenantCount()).toBe(before);
  });

  it('edits and suspends a tenant; its members are refused at once and the owner sees it in the log', async () => {
    const owner = await login(t.app, 'owner@globex.test');
    const res = await su('PUT', `tenant/${ids.globex}/`, { subscriptions: ['ztna', 'rum'], all_product_access: true, suspended: true });
    expect(tenantDetailSchema.parse(res.json())).toMatchObject({ subscriptions: ['ztna', 'rum'], all_product_access: true, suspended: true });
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/teams/users/', headers: bearer(owner.access) });
    expect(refused.statusCode).toBe(403);
    expect((await su('PUT', `tenant/${ids.globex}/`, { suspended: false })).json().suspended).toBe(false);
    const log = logListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/logs/activity-logs/?search=tenant.suspended', headers: bearer(owner.access) })).json(),
    );
    expect(log.results[0]).toMatchObject({ action: 'tenant.suspended', via_super_admin: true });
    expect(log.results[0]!.details).toMatchObject({ before: { suspended: false }, after: { suspended: true } });
    expect((await su('PUT', `tenant/${ids.globex}/`, { name: 'Acme' })).statusCode).toBe(400);
    expect((await su('PUT', `tenant/${ids.globex}/`, {})).statusCode).toBe(400);
    expect((await su('PUT', `tenant/${crypto.randomUUID()}/`, { suspended: true })).statusCode).toBe(404);
  });

  it('monitors a tenant: counts, users and last activity', async () => {
    await addDevice(t.app.services.db, ids.acme, { lastSeenAt: new Date(), deviceStatus: 'running' });
    await login(t.app, 'viewer@acme.test');
    const res = await su('POST', 'tenant/monitor/', { tenant_id: ids.acme });
    const monitor = tenantMonitorSchema.parse(res.json());
    expect(monitor.tenant).toMatchObject({ tenantname: 'Acme', owner_emails: ['owner@acme.test'] });
    expect(monitor.info.devices).toBeGreaterThanOrEqual(1);
    expect(monitor.users.map((u) => u.email)).toContain('guest@acme.test');
    expect(monitor.last_login).toMatchObject({ action: 'auth.login' });
    expect((await su('POST', 'tenant/monitor/', { tenant_id: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await su('POST', 'tenant/monitor/', { tenant_id: 'acme' })).statusCode).toBe(400);
  });

  it('lists customers with owner, counts and search', async () => {
    const list = customerListSchema.parse((await su('GET', 'tenant/customers/?page_size=0')).json());
    const acme = list.results.find((c) => c.tenantname === 'Acme')!;
    expect(acme).toMatchObject({ owner_email: 'owner@acme.test', subscriptions: ['sdwan', 'ztna', 'qshield', 'rum', 'dem'], users: 5 });
    expect(acme.devices).toBeGreaterThanOrEqual(1);
    const found = customerListSchema.parse((await su('GET', 'tenant/customers/?search=globex.test')).json());
    expect(found.results.map((c) => c.tenantname)).toEqual(['Globex']);
  });

  it('deletes a tenant only with its name typed again, removing it with its people', async () => {
    const created = tenantDetailSchema.parse((await su('POST', 'tenant/list/', { name: 'Doomed', owner_email: 'gone@doomed.test' })).json());
    const wrong = await su('DELETE', `tenant/${created.id}/`, { confirm: 'doomed' });
    expect(wrong.json().errors.confirm).toEqual([TEAM_MESSAGES.confirmName]);
    expect((await su('GET', `tenant/${created.id}/`)).statusCode).toBe(200);
    expect((await su('DELETE', `tenant/${created.id}/`)).statusCode).toBe(400);
    expect((await su('DELETE', `tenant/${created.id}/`, { confirm: 'Doomed' })).statusCode).toBe(204);
    expect((await su('GET', `tenant/${created.id}/`)).statusCode).toBe(404);
    expect(await userByEmail(t.app.services.db, 'gone@doomed.test')).toBeUndefined();
    expect(await userByEmail(t.app.services.db, 'super@demo.test')).toBeDefined();
  });
});
