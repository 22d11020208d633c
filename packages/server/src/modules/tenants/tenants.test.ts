import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardConfigSchema, tenantListSchema, DEFAULT_TENANT_SETTINGS, type Tenant } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';

const TENANT_ROLES = ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'viewer@acme.test', 'guest@acme.test'];

describe.each(testBackends('pglite'))('tenants and subscriptions on %s', (backend) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let tenantsByName: Record<string, Tenant>;
  beforeAll(async () => {
    t = await build(backend);
    tokens = {};
    for (const email of [...TENANT_ROLES, 'super@demo.test', 'owner@globex.test']) tokens[email] = (await login(t.app, email)).access;
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/tenant/list/?page_size=0', headers: bearer(tokens['super@demo.test']!) });
    tenantsByName = Object.fromEntries(tenantListSchema.parse(list.json()).results.map((r) => [r.tenantname, r]));
  });
  afterAll(() => t.close());

  const get = (url: string, who: string) => t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(tokens[who]!) });

  it('lists every tenant with its subscriptions for the super admin', () => {
    expect(tenantsByName.Acme?.subscriptions).toEqual(['sdwan', 'ztna', 'qshield', 'rum', 'dem']);
    expect(tenantsByName.Globex?.subscriptions).toEqual(['ztna']);
  });

  it('pages the tenant list with links', async () => {
    const res = await get('tenant/list/?page=1&page_size=1', 'super@demo.test');
    const page = tenantListSchema.parse(res.json());
    expect(page.count).toBe(2);
    expect(page.results.map((r) => r.tenantname)).toEqual(['Acme']);
    expect(page.next).toContain('page=2');
    expect(page.previous).toBeNull();
  });

  it.each(TENANT_ROLES)('refuses the tenant list to %s', async (who) => {
    const res = await get('tenant/list/', who);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
  });

  it('gives a tenant user their own dashboard configuration with the default flags', async () => {
    const res = await get('tenant/dashboard-config/', 'viewer@acme.test');
    expect(res.statusCode).toBe(200);
    const config = dashboardConfigSchema.parse(res.json());
    expect(config).toMatchObject({ tenantname: 'Acme', subscriptions: ['sdwan', 'ztna', 'qshield', 'rum', 'dem'], all_product_access: false });
    expect(config.dashboard).toEqual(DEFAULT_TENANT_SETTINGS.dashboard);
  });

  it('makes the super admin choose a tenant', async () => {
    const none = await get('tenant/dashboard-config/', 'super@demo.test');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: 'Please Select Tenant', code: 'tenant_required' });
    const globex = await get(`tenant/dashboard-config/?tid=${tenantsByName.Globex!.id}`, 'super@demo.test');
    expect(dashboardConfigSchema.parse(globex.json()).subscriptions).toEqual(['ztna']);
  });

  it.each(TENANT_ROLES)('answers 404 when %s names another tenant', async (who) => {
    const res = await get(`tenant/dashboard-config/?tid=${tenantsByName.Globex!.id}`, who);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(res.body).not.toContain('Globex');
  });

  it('answers 404 for a tenant that does not exist and 400 for a malformed id', async () => {
    expect((await get(`tenant/dashboard-config/?tid=${crypto.randomUUID()}`, 'super@demo.test')).statusCode).toBe(404);
    const bad = await get('tenant/dashboard-config/?tid=12', 'super@demo.test');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.tid).toBeDefined();
  });

  it('lets Globex read its own configuration but not Acme’s', async () => {
    expect((await get('tenant/dashboard-config/', 'owner@globex.test')).json().tenantname).toBe('Globex');
    expect((await get(`tenant/dashboard-config/?tid=${tenantsByName.Acme!.id}`, 'owner@globex.test')).statusCode).toBe(404);
  });

  it('answers the reachability check without a login', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/v1/tenant/data/health/' });
    expect(head.statusCode).toBe(200);
  });
});
