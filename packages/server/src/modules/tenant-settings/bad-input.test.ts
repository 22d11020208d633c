import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { LONE_SURROGATE, NUL, NUL_IN_URL, expectRefused, type BadInputCase } from '../../test/bad-input';

/** Tenant settings and organisation details: unstorable text, invalid time zones, wrong types, unknown keys. */
describe.each(testBackends('pglite'))('tenant settings refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'owner@acme.test')).access);
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'display name with NUL', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { display_name: NUL }, field: 'display_name' },
    { name: 'address with a lone surrogate', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { address: LONE_SURROGATE }, field: 'address' },
    { name: 'website with NUL', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { website: NUL }, field: 'website' },
    {
      name: 'website as a javascript: URL',
      method: 'PUT',
      url: '/api/v1/tenant/organisation/',
      payload: { website: 'javascript:alert(document.cookie)' },
      field: 'website',
    },
    {
      name: 'website as a data: URL',
      method: 'PUT',
      url: '/api/v1/tenant/organisation/',
      payload: { website: 'data:text/html,<script>alert(1)</script>' },
      field: 'website',
    },
    { name: 'website without a scheme', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { website: 'acme.example' }, field: 'website' },
    { name: 'legal name too long', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { legal_name: 'x'.repeat(121) }, field: 'legal_name' },
    { name: 'unknown time zone', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { timezone: 'Mars/Olympus_Mons' }, field: 'timezone' },
    { name: 'time zone with NUL', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { timezone: 'Europe/Paris\u0000' }, field: 'timezone' },
    { name: 'organisation with an unknown key', method: 'PUT', url: '/api/v1/tenant/organisation/', payload: { tenantname: 'Evil' }, field: 'tenantname' },
    {
      name: 'settings flag as a string',
      method: 'POST',
      url: '/api/v1/tenant/config/config-preference/',
      payload: { dashboard: { netflow: 'yes' } },
      field: 'dashboard.netflow',
    },
    {
      name: 'settings page size zero',
      method: 'POST',
      url: '/api/v1/tenant/config/config-preference/',
      payload: { pagination: { pageSize: 0 } },
      field: 'pagination.pageSize',
    },
    {
      name: 'settings page size huge',
      method: 'POST',
      url: '/api/v1/tenant/config/config-preference/',
      payload: { pagination: { pageSize: 1e300 } },
      field: 'pagination.pageSize',
    },
    {
      name: 'settings with an unknown key',
      method: 'POST',
      url: '/api/v1/tenant/config/config-preference/',
      payload: { wan3_available: true },
      field: 'wan3_available',
    },
    { name: 'tid with NUL', method: 'GET', url: `/api/v1/tenant/organisation/?tid=${NUL_IN_URL}`, field: 'tid' },
  ];

  it('answers 400 naming the field, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });

  it("keeps an organisation's website only as an http(s) address, or none, saying why otherwise", async () => {
    const put = (website: string) => t.app.inject({ method: 'PUT', url: '/api/v1/tenant/organisation/', headers, payload: { website } });
    const refused = await put(' JavaScript:alert(1) ');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ website: ['Enter a web address starting with http:// or https://'] });
    for (const website of ['https://acme.example/about', 'http://acme.example', '']) {
      const saved = await put(website);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(organisationSchema.parse(saved.json()).website).toBe(website);
    }
  });
});
