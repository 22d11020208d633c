import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceListSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { LONE_SURROGATE, NUL, NUL_IN_URL, expectRefused, type BadInputCase } from '../../test/bad-input';
import { findCommercialData } from './repo';
import { addDevice, demoTenantIds } from '../../fleet/test-fixtures';

/** Text PostgreSQL cannot store, numbers out of range and unknown keys: 400 naming the field, never 500. */
describe.each(testBackends('pglite'))('device calls refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let id: string;
  let acme: string;

  beforeAll(async () => {
    t = await build(backend);
    acme = (await demoTenantIds(t.app.services.db)).acme;
    id = (await addDevice(t.app.services.db, acme, { claimed: true })).id;
    owner = bearer((await login(t.app, 'owner@acme.test')).access);
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'list search with NUL', method: 'POST', url: '/api/v1/device/list/', payload: { search: NUL }, field: 'search' },
    {
      name: 'list filter value with NUL',
      method: 'POST',
      url: '/api/v1/device/list/',
      payload: { filters: [{ key: 'os', value: NUL }] },
      field: 'filters.0.value',
    },
    {
      name: 'list filter value with a lone surrogate',
      method: 'POST',
      url: '/api/v1/device/list/',
      payload: { filters: [{ key: 'location', value: ['ok', LONE_SURROGATE] }] },
      field: 'filters.0.value.1',
    },
    { name: 'list time range with NUL', method: 'POST', url: '/api/v1/device/list/', payload: { 'time-range': NUL }, field: 'time-range' },
    { name: 'list with an unknown key', method: 'POST', url: '/api/v1/device/list/', payload: { page: 1, pagesize: 10 }, field: 'pagesize' },
    { name: 'list with an unknown key and a wrong value', method: 'POST', url: '/api/v1/device/list/', payload: { page: 0, extra: true }, field: 'page' },
    { name: 'list page size negative', method: 'POST', url: '/api/v1/device/list/', payload: { size: -1 }, field: 'size' },
    { name: 'list page far too large', method: 'POST', url: '/api/v1/device/list/', payload: { page: 1e300 }, field: 'page' },
    { name: 'list page as a string', method: 'POST', url: '/api/v1/device/list/', payload: { page: '2' }, field: 'page' },
    { name: 'GET list search with NUL', method: 'GET', url: `/api/v1/device/list/?search=${NUL_IN_URL}`, field: 'search' },
    { name: 'GET list page size negative', method: 'GET', url: '/api/v1/device/list/?page_size=-1', field: 'page_size' },
    { name: 'GET list page not a number', method: 'GET', url: '/api/v1/device/list/?page=1e400', field: 'page' },
    { name: 'GET list tenant twice', method: 'GET', url: `/api/v1/device/list/?tid=${acme}&tid=${acme}`, field: 'tid' },
    { name: 'user devices username with NUL', method: 'GET', url: `/api/v1/webfilter-global/get-user-devices/?username=${NUL_IN_URL}`, field: 'username' },
    { name: 'claim name with NUL', method: 'POST', url: '/api/v1/device/claim/', payload: { serial: 'SN-X', name: NUL, kind: 'gateway' }, field: 'name' },
    {
      name: 'claim serial with a lone surrogate',
      method: 'POST',
      url: '/api/v1/device/claim/',
      payload: { serial: LONE_SURROGATE, name: 'gw', kind: 'gateway' },
      field: 'serial',
    },
    {
      name: 'claim with an unknown key',
      method: 'POST',
      url: '/api/v1/device/claim/',
      payload: { serial: 'SN-Y', name: 'gw', kind: 'gateway', approved: false },
      field: 'approved',
    },
    { name: 'device id with NUL', method: 'GET', url: `/api/v1/device/${NUL_IN_URL}/`, field: 'id' },
    { name: 'approve id not a uuid', method: 'POST', url: '/api/v1/device/1/approve/', field: 'id' },
    { name: 'metrics minutes huge', method: 'GET', url: `/api/v1/device/${id}/metrics/?minutes=99999999999999999999`, field: 'minutes' },
    { name: 'tenant info type unknown', method: 'GET', url: '/api/v1/tenant/tenant-info/?type=router', field: 'type' },
    {
      name: 'tenant info with an unknown key',
      method: 'POST',
      url: '/api/v1/tenant/tenant-info/',
      payload: { tenant_id: acme, network: 'x' },
      field: 'network',
    },
    { name: 'admin devices with an unknown key', method: 'POST', url: '/api/v1/admin-device/list/', payload: { tenantid: acme }, field: 'tenantid' },
  ];

  it('answers 400 naming the field', async () => {
    for (const c of cases()) await expectRefused(t.app, owner, c);
  });

  it('refuses commercial data whose WAN name cannot be stored, and keeps what was there', async () => {
    const entry = { amount: 10, date: '2026-01-01', lastUpdated: '2026-01-01T00:00:00Z' };
    const saved = await t.app.inject({ method: 'POST', url: '/api/v1/tenant/commercial-data/', headers: owner, payload: { [id]: { WAN1: entry } } });
    expect(saved.statusCode).toBe(200);
    for (const wan of [NUL, LONE_SURROGATE]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/tenant/commercial-data/', headers: owner, payload: { [id]: { [wan]: entry } } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid');
    }
    expect(await findCommercialData(t.app.services.db, acme)).toEqual({ [id]: { WAN1: entry } });
  });

  it('documents in the OpenAPI document that these bodies take no other key', () => {
    type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { additionalProperties?: unknown } }> } }>> };
    const { paths } = t.app.swagger() as unknown as Doc;
    for (const path of ['/api/v1/device/list/', '/api/v1/device/claim/', '/api/v1/tenant/tenant-info/']) {
      expect(paths[path]?.post?.requestBody?.content['application/json']?.schema.additionalProperties, path).toBe(false);
    }
  });

  it('answers the last page of a huge page number as empty, not as an error', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/device/list/?page=${Number.MAX_SAFE_INTEGER}&page_size=1000`, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(deviceListSchema.parse(res.json()).results).toEqual([]);
  });
});
