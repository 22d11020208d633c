import { afterAll, beforeAll, describe, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { LONE_SURROGATE, NUL, NUL_IN_URL, expectRefused, type BadInputCase } from '../../test/bad-input';
import { demoTenantIds } from '../../fleet/test-fixtures';

/** Tenant administration (super admin): unstorable names and e-mails, searches, unknown keys, ids. */
describe.each(testBackends('pglite'))('tenant administration refuses hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let globex: string;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'super@demo.test')).access);
    globex = (await demoTenantIds(t.app.services.db)).globex;
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'create with a NUL name', method: 'POST', url: '/api/v1/tenant/list/', payload: { name: NUL }, field: 'name' },
    { name: 'create with a lone surrogate', method: 'POST', url: '/api/v1/tenant/list/', payload: { name: LONE_SURROGATE }, field: 'name' },
    {
      name: 'create with a NUL owner e-mail',
      method: 'POST',
      url: '/api/v1/tenant/list/',
      payload: { name: 'Initech', owner_email: 'a\u0000@b.test' },
      field: 'owner_email',
    },
    {
      name: 'create with an unknown subscription',
      method: 'POST',
      url: '/api/v1/tenant/list/',
      payload: { name: 'Initech', subscriptions: ['everything'] },
      field: 'subscriptions.0',
    },
    { name: 'create with an unknown key', method: 'POST', url: '/api/v1/tenant/list/', payload: { name: 'Initech', suspended: true }, field: 'suspended' },
    { name: 'rename with NUL', method: 'PUT', url: `/api/v1/tenant/${globex}/`, payload: { name: NUL }, field: 'name' },
    { name: 'update with nothing', method: 'PUT', url: `/api/v1/tenant/${globex}/`, payload: {}, field: null },
    { name: 'delete confirmed with NUL', method: 'DELETE', url: `/api/v1/tenant/${globex}/`, payload: { confirm: NUL }, field: 'confirm' },
    { name: 'id with NUL', method: 'GET', url: `/api/v1/tenant/${NUL_IN_URL}/`, field: 'id' },
    { name: 'monitor of no uuid', method: 'POST', url: '/api/v1/tenant/monitor/', payload: { tenant_id: NUL }, field: 'tenant_id' },
    { name: 'customers search with NUL', method: 'GET', url: `/api/v1/tenant/customers/?search=${NUL_IN_URL}`, field: 'search' },
    { name: 'customers page size negative', method: 'GET', url: '/api/v1/tenant/customers/?page_size=-1', field: 'page_size' },
    { name: 'customers page size too large', method: 'GET', url: '/api/v1/tenant/customers/?page_size=100000', field: 'page_size' },
    { name: 'tenant list page zero', method: 'GET', url: '/api/v1/tenant/list/?page=0', field: 'page' },
    { name: 'tenant list page far out', method: 'GET', url: '/api/v1/tenant/list/?page=1e400', field: 'page' },
  ];

  it('answers 400 naming the field, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });
});
