import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceListSchema, tenantInfoSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds } from '../../fleet/test-fixtures';

/** 'All Device Groups' is the group picker's entry with id '' (spec 000 §3): every call that takes a network_id takes it. */
describe.each(testBackends('pglite'))("network_id '' (All Device Groups) on %s", (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await build(backend);
    const { acme } = await demoTenantIds(t.app.services.db);
    token = (await login(t.app, 'viewer@acme.test')).access;
    const editor = (await login(t.app, 'editor@acme.test')).access;
    const group = await t.app.inject({ method: 'POST', url: '/api/v1/network/list/', headers: bearer(editor), payload: { name: 'Branches' } });
    await addDevice(t.app.services.db, acme, { name: 'in-branches', networkId: group.json().id });
    await addDevice(t.app.services.db, acme, { name: 'in-no-group' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const listed = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return deviceListSchema
      .parse(res.json())
      .results.map((r) => r.name)
      .sort();
  };

  it("lists every group's devices in the device list, by body, filter and query", async () => {
    const all = ['in-branches', 'in-no-group'];
    expect(listed(await call('POST', 'device/list/', { network_id: '', size: 0 }))).toEqual(all);
    expect(listed(await call('POST', 'device/list/', { network_id: null, size: 0 }))).toEqual(all);
    expect(listed(await call('POST', 'device/list/', { filters: [{ key: 'network_id', value: '' }], size: 0 }))).toEqual(all);
    expect(listed(await call('GET', 'device/list/?network_id=&page_size=0'))).toEqual(all);
  });

  it('counts every group in the dashboard tiles', async () => {
    for (const res of [await call('POST', 'tenant/tenant-info/', { network_id: '' }), await call('GET', 'tenant/tenant-info/?network_id=')]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(tenantInfoSchema.parse(res.json()).devices).toBe(2);
    }
  });

  it('still refuses a network_id that is neither a group id nor empty', async () => {
    const res = await call('POST', 'device/list/', { network_id: 'not-a-group', size: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('network_id');
  });
});
