import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPreferenceSchema, dashboardLayoutSchema, logListSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { demoTenantIds } from '../../fleet/test-fixtures';

const url = (product: string, query = '') => `/api/v1/tenant/config/dashboard-layout/${product}/${query}`;
const devicesFirstNoMap = {
  widgets: [
    { id: 'devices', shown: true },
    { id: 'tiles', shown: true },
    { id: 'map', shown: false },
    { id: 'traffic', shown: true },
  ],
};

describe.each(testBackends('pglite'))('dashboard layout of a tenant on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: { acme: string; globex: string };

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    for (const who of ['owner', 'admin', 'editor', 'viewer']) tokens[who] = (await login(t.app, `${who}@acme.test`)).access;
    tokens.globex = (await login(t.app, 'owner@globex.test')).access;
  });
  afterAll(() => t.close());

  const call = (who: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: path, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const layout = async (product: string, who = 'viewer') => dashboardLayoutSchema.parse((await call(who, 'GET', url(product))).json());

  it("answers today's order with everything shown until a layout is saved", async () => {
    expect(await layout('sdwan')).toEqual({
      product: 'sdwan',
      customized: false,
      widgets: ['tiles', 'map', 'traffic', 'devices'].map((id) => ({ id, shown: true })),
    });
    expect((await layout('ztna')).widgets.map((w) => w.id)).toEqual(['tiles', 'map', 'traffic', 'webFilter', 'devices']);
  });

  it('an owner saves a layout per product, members read it, the settings stay, the change is audited; reset brings the default back', async () => {
    const saved = await call('owner', 'PUT', url('sdwan'), devicesFirstNoMap);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await layout('sdwan', 'viewer')).toEqual({ product: 'sdwan', customized: true, widgets: devicesFirstNoMap.widgets });
    expect((await layout('ztna')).customized).toBe(false);

    // Saving the dashboard toggles keeps the layout, and the layout kept the toggles.
    expect((await call('admin', 'POST', '/api/v1/tenant/config/config-preference/', { dashboard: { netflow: true } })).statusCode).toBe(200);
    expect((await layout('sdwan')).customized).toBe(true);
    expect(configPreferenceSchema.parse((await call('viewer', 'GET', '/api/v1/tenant/config/config-preference/')).json()).dashboard.netflow).toBe(true);

    const logs = logListSchema.parse((await call('owner', 'GET', '/api/v1/logs/activity-logs/?page_size=0&search=dashboard_layout_changed')).json()).results;
    expect(logs[0]).toMatchObject({ user: 'owner@acme.test' });
    expect(logs[0]!.details).toMatchObject({ before: { customized: false }, after: { customized: true, widgets: devicesFirstNoMap.widgets } });

    const reset = await call('admin', 'DELETE', url('sdwan'));
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await layout('sdwan')).toMatchObject({ customized: false, widgets: ['tiles', 'map', 'traffic', 'devices'].map((id) => ({ id, shown: true })) });
  });

  it('editors and viewers may read but not change it', async () => {
    for (const who of ['editor', 'viewer']) {
      expect((await call(who, 'PUT', url('ztna'), devicesFirstNoMap)).statusCode).toBe(403);
      expect((await call(who, 'DELETE', url('ztna'))).statusCode).toBe(403);
    }
    expect((await layout('ztna')).customized).toBe(false);
  });

  it("another tenant's owner cannot read or change it (404, as for every tenant setting)", async () => {
    expect((await call('owner', 'PUT', url('ztna'), { widgets: [{ id: 'map', shown: false }] })).statusCode).toBe(200);
    expect((await call('globex', 'GET', url('ztna', `?tid=${ids.acme}`))).statusCode).toBe(404);
    expect((await call('globex', 'PUT', url('ztna', `?tid=${ids.acme}`), devicesFirstNoMap)).statusCode).toBe(404);
    expect((await call('globex', 'DELETE', url('ztna', `?tid=${ids.acme}`))).statusCode).toBe(404);
    expect((await layout('ztna')).widgets.find((w) => w.id === 'map')).toEqual({ id: 'map', shown: false });
    // Globex's own layout is its own.
    expect(dashboardLayoutSchema.parse((await call('globex', 'GET', url('ztna'))).json()).customized).toBe(false);
  });

  it('bad input answers 400 naming the field and changes nothing', async () => {
    const before = await layout('sdwan');
    const cases: [string, object, string][] = [
      ['sdwan', { widgets: [{ id: 'weather', shown: true }] }, 'widgets.0.id'],
      [
        'sdwan',
        {
          widgets: [
            { id: 'map', shown: true },
            { id: 'map', shown: false },
          ],
        },
        'widgets.1.id',
      ],
      ['sdwan', { widgets: [{ id: 'webFilter', shown: true }] }, 'widgets.0.id'],
      ['sdwan', { widgets: [{ id: 'devices', shown: false }] }, 'widgets.0.shown'],
      ['sdwan', { widgets: [{ id: 'map', shown: 'no' }] }, 'widgets.0.shown'],
      ['sdwan', { widgets: [], order: 1 }, 'non_field_errors'],
    ];
    for (const [product, body, field] of cases) {
      const res = await call('owner', 'PUT', url(product), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys((res.json() as { errors: object }).errors), JSON.stringify(body)).toContain(field);
    }
    expect((await call('owner', 'PUT', url('waf'), devicesFirstNoMap)).statusCode).toBe(400);
    expect(await layout('sdwan')).toEqual(before);
  });
});
