import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceListSchema, networkSchema, tenantInfoSchema } from '@netloom/domain';
import { z } from 'zod';
import { auditLog } from '../../db/schema/index';
import { topics } from '../../bus/topics';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds, deviceById, minutesAgo } from '../../fleet/test-fixtures';

describe.each(testBackends('pglite'))('device groups on %s', (backend) => {
  let t: TestApp;
  let editor: string;
  let ids: { acme: string; globex: string };

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    editor = (await login(t.app, 'editor@acme.test')).access;
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(editor), ...(payload ? { payload } : {}) });
  const groups = async () => z.array(networkSchema).parse((await call('GET', 'network/list/')).json());

  it('creates, lists, renames and deletes groups; names are unique ignoring case', async () => {
    const created = await call('POST', 'network/list/', { name: '  Stores  ' });
    expect(created.statusCode).toBe(201);
    const stores = networkSchema.parse(created.json());
    expect(stores).toMatchObject({ networkName: 'Stores', devices: 0 });
    await call('POST', 'network/list/', { name: 'Airports' });
    expect((await groups()).map((g) => g.networkName)).toEqual(['Airports', 'Stores']);

    const dup = await call('POST', 'network/list/', { name: 'STORES' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'invalid', errors: { name: ['A device group with this name already exists'] } });
    expect((await call('PUT', `network/${stores.id}/`, { name: 'airports' })).statusCode).toBe(400);
    for (const name of ['', '   ', 'x'.repeat(41)]) expect((await call('POST', 'network/list/', { name })).statusCode).toBe(400);
    expect(await groups()).toHaveLength(2);

    const renamed = await call('PUT', `network/${stores.id}/`, { name: 'Shops' });
    expect(networkSchema.parse(renamed.json()).networkName).toBe('Shops');
    expect((await call('PUT', `network/${stores.id}/`, { name: 'SHOPS' })).statusCode).toBe(200);

    const device = await addDevice(db(), ids.acme, { networkId: stores.id });
    const del = await call('DELETE', `network/${stores.id}/`);
    expect(del.statusCode).toBe(204);
    expect((await groups()).map((g) => g.networkName)).toEqual(['Airports']);
    expect((await deviceById(db(), device.id))!.networkId).toBeNull();
    expect((await call('DELETE', `network/${stores.id}/`)).statusCode).toBe(404);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.target, stores.id))).map((r) => r.action).sort();
    expect(actions).toEqual(['network.created', 'network.deleted', 'network.renamed', 'network.renamed']);
  });

  it('sets the members of a group: named devices move in, others fall back to no group', async () => {
    const a = networkSchema.parse((await call('POST', 'network/list/', { name: 'Group A' })).json());
    const b = networkSchema.parse((await call('POST', 'network/list/', { name: 'Group B' })).json());
    const [d1, d2, d3] = [await addDevice(db(), ids.acme), await addDevice(db(), ids.acme, { networkId: b.id }), await addDevice(db(), ids.acme)];
    const rows: unknown[] = [];
    const unsubscribe = await t.app.services.bus.subscribe(topics.tenantDevices(ids.acme), (p) => rows.push(p));

    const first = await call('PUT', `network/${a.id}/devices/`, { device_ids: [d1!.id, d2!.id] });
    expect(networkSchema.parse(first.json()).devices).toBe(2);
    expect((await deviceById(db(), d2!.id))!.networkId).toBe(a.id);
    const second = await call('PUT', `network/${a.id}/devices/`, { device_ids: [d2!.id, d3!.id, d3!.id] });
    expect(networkSchema.parse(second.json()).devices).toBe(2);
    expect((await deviceById(db(), d1!.id))!.networkId).toBeNull();
    const inA = deviceListSchema.parse((await call('GET', `device/list/?network_id=${a.id}&page_size=0`)).json());
    expect(inA.results.map((r) => r.id).sort()).toEqual([d2!.id, d3!.id].sort());
    expect((await groups()).find((g) => g.id === b.id)!.devices).toBe(0);
    await new Promise((r) => setTimeout(r, 10));
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'device', row: expect.objectContaining({ id: d3!.id, network_id: a.id }) }));
    await unsubscribe();

    // A device of another tenant, or one that does not exist, changes nothing and answers 404.
    const foreign = await addDevice(db(), ids.globex);
    for (const stranger of [foreign.id, crypto.randomUUID()]) {
      const res = await call('PUT', `network/${a.id}/devices/`, { device_ids: [d1!.id, stranger] });
      expect(res.statusCode).toBe(404);
    }
    expect((await deviceById(db(), d1!.id))!.networkId).toBeNull();
    expect((await deviceById(db(), foreign.id))!.networkId).toBeNull();
    expect((await call('PUT', `network/${a.id}/devices/`, { device_ids: ['nope'] })).statusCode).toBe(400);
    expect((await call('PUT', `network/${a.id}/devices/`, { device_ids: [] })).json().devices).toBe(0);
  });

  it('counts the tenant info of one group in the status monitor', async () => {
    const g = networkSchema.parse((await call('POST', 'network/list/', { name: 'Monitored' })).json());
    await addDevice(db(), ids.acme, {
      networkId: g.id,
      deviceStatus: 'running',
      lastSeenAt: minutesAgo(1),
      wanStatus: [
        { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 },
        { name: 'WAN2', status: 'down', ifname: 'eth1', weight: 1 },
      ],
    });
    await addDevice(db(), ids.acme, { networkId: g.id, deviceStatus: 'error', lastSeenAt: minutesAgo(20) });
    const info = tenantInfoSchema.parse((await call('GET', `network/status-monitor/${g.id}/`)).json());
    expect(info).toMatchObject({ devices: 2, links: 2, active_links: 1, inactive_links: 1, online_devices: 1, offline_devices: 1, deployed_devices: 2 });
    expect((await call('GET', `network/status-monitor/${crypto.randomUUID()}/`)).statusCode).toBe(404);
  });
});
