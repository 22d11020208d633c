import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceListSchema, fleetTiles, networkSchema, tenantInfoSchema } from '@netloom/domain';
import { devices } from '../db/schema/index';
import { bearer, build, login, testBackends, type TestApp } from '../test/build';
import { addDevice, demoTenantIds, minutesAgo } from './test-fixtures';

const link = (name: string, status: 'up' | 'down' | 'unknown') => ({ name, status, ifname: name.toLowerCase(), weight: 1 });

/**
 * The console counts its dashboard tiles from the device rows it shows (fleetTiles), so a row and
 * the tiles change together; the server's tenant info must be that same count of those same rows.
 */
describe.each(testBackends('pglite'))('tiles and rows agree on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let groupId: string;
  let gatewayId: string;

  beforeAll(async () => {
    t = await build(backend);
    const db = t.app.services.db;
    const { acme, globex } = await demoTenantIds(db);
    token = (await login(t.app, 'owner@acme.test')).access;
    groupId = networkSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/v1/network/list/', headers: bearer(token), payload: { name: 'HQ' } })).json(),
    ).id;
    gatewayId = (
      await addDevice(db, acme, {
        deviceStatus: 'running',
        lastSeenAt: minutesAgo(1),
        networkId: groupId,
        wanStatus: [link('WAN1', 'up'), link('WAN2', 'down')],
      })
    ).id;
    await addDevice(db, acme, { deviceStatus: 'modified', lastSeenAt: minutesAgo(2), wanStatus: [link('WAN1', 'up')] });
    await addDevice(db, acme, { deviceStatus: 'error', lastSeenAt: minutesAgo(30), wanStatus: [link('WAN1', 'unknown')] });
    await addDevice(db, acme, { deviceStatus: 'running' });
    await addDevice(db, acme, { kind: 'endpoint', deviceStatus: 'connected', lastSeenAt: minutesAgo(1), username: 'ann@acme.test' });
    await addDevice(db, acme, { kind: 'endpoint', deviceStatus: 'offline', lastSeenAt: minutesAgo(60), username: 'ann@acme.test' });
    await addDevice(db, acme, { kind: 'endpoint', deviceStatus: 'online', lastSeenAt: minutesAgo(1), username: 'bob@acme.test', networkId: groupId });
    await addDevice(db, acme, { claimed: false, deviceStatus: 'running', lastSeenAt: minutesAgo(1) });
    await addDevice(db, globex, { deviceStatus: 'running', lastSeenAt: minutesAgo(1) });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** Each dashboard's view: the tenant, a product's kind, a device group. */
  const views = () => ['', 'type=device', 'type=endpoint', `network_id=${groupId}`, `network_id=${groupId}&type=device`];

  const expectAgreement = async () => {
    for (const view of views()) {
      const rows = deviceListSchema.parse(await get(`device/list/?page_size=0&${view}`)).results;
      const info = tenantInfoSchema.parse(await get(`tenant/tenant-info/?${view}`));
      expect(fleetTiles(rows, info.total_networks), view || 'the whole tenant').toEqual(info);
    }
  };

  it('counts the tiles of every view from exactly the rows that view lists', async () => {
    await expectAgreement();
    expect(tenantInfoSchema.parse(await get('tenant/tenant-info/?type=device'))).toMatchObject({ devices: 4, online_devices: 2, offline_devices: 1 });
  });

  it('still agrees once a gateway goes offline and its link drops', async () => {
    await t.app.services.db
      .update(devices)
      .set({ deviceStatus: 'error', wanStatus: [link('WAN1', 'down'), link('WAN2', 'down')] })
      .where(eq(devices.id, gatewayId));
    await expectAgreement();
    expect(tenantInfoSchema.parse(await get('tenant/tenant-info/?type=device'))).toMatchObject({ online_devices: 1, offline_devices: 2 });
  });
});
