import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commercialDataSchema, enrolmentKeySchema, networkSchema, tenantInfoSchema } from '@netloom/domain';
import { auditLog, tenants } from '../../db/schema/index';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds, minutesAgo } from '../../fleet/test-fixtures';

const link = (name: string, status: 'up' | 'down' | 'unknown') => ({ name, status, ifname: name.toLowerCase(), weight: 1 });

describe.each(testBackends('pglite'))('tenant data on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ids: { acme: string; globex: string };
  let deviceIds: string[];
  let groupId: string;

  beforeAll(async () => {
    t = await build(backend);
    const db = t.app.services.db;
    ids = await demoTenantIds(db);
    for (const who of ['owner', 'admin', 'editor', 'viewer', 'guest']) tokens[who] = (await login(t.app, `${who}@acme.test`)).access;
    tokens.super = (await login(t.app, 'super@demo.test')).access;
    groupId = networkSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/v1/network/list/', headers: bearer(tokens.editor!), payload: { name: 'HQ' } })).json(),
    ).id;
    await t.app.inject({ method: 'POST', url: '/api/v1/network/list/', headers: bearer(tokens.editor!), payload: { name: 'Spare' } });
    const acme = ids.acme;
    deviceIds = [
      (
        await addDevice(db, acme, {
          deviceStatus: 'running',
          lastSeenAt: minutesAgo(1),
          networkId: groupId,
          wanStatus: [link('WAN1', 'up'), link('WAN2', 'down')],
        })
      ).id,
      (await addDevice(db, acme, { deviceStatus: 'error', lastSeenAt: minutesAgo(30), wanStatus: [link('WAN1', 'unknown')] })).id,
      (await addDevice(db, acme, { deviceStatus: 'registered' })).id,
      (await addDevice(db, acme, { kind: 'endpoint', deviceStatus: 'connected', lastSeenAt: minutesAgo(1), username: 'ann@acme.test' })).id,
      (await addDevice(db, acme, { kind: 'endpoint', deviceStatus: 'offline', lastSeenAt: minutesAgo(60), username: 'ann@acme.test' })).id,
      (await addDevice(db, acme, { kind: 'endpoint', deviceStatus: 'offline', lastSeenAt: minutesAgo(60), username: 'bob@acme.test' })).id,
    ];
    await addDevice(db, acme, { claimed: false, deviceStatus: 'running', lastSeenAt: minutesAgo(1) });
    await addDevice(db, ids.globex, { deviceStatus: 'running', lastSeenAt: minutesAgo(1) });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who = 'viewer', payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('counts the tenant info of the whole tenant, by POST and GET alike', async () => {
    const expected = {
      devices: 6,
      links: 3,
      online_devices: 2,
      active_links: 1,
      inactive_links: 2,
      total_networks: 2,
      deployed_devices: 5,
      offline_devices: 3,
      users: 2,
      online_users: 1,
    };
    expect(tenantInfoSchema.parse((await call('POST', 'tenant/tenant-info/', 'viewer', {})).json())).toEqual(expected);
    expect(tenantInfoSchema.parse((await call('GET', 'tenant/tenant-info/')).json())).toEqual(expected);
    expect(tenantInfoSchema.parse((await call('POST', 'tenant/tenant-info/', 'super', { tenant_id: ids.acme })).json())).toEqual(expected);
  });

  it("counts one product's devices when the type is named: gateways for SD-WAN, endpoints for ZTNA", async () => {
    const sdwan = {
      devices: 3,
      links: 3,
      online_devices: 1,
      active_links: 1,
      inactive_links: 2,
      total_networks: 2,
      deployed_devices: 2,
      offline_devices: 1,
      users: 0,
      online_users: 0,
    };
    const ztna = {
      devices: 3,
      links: 0,
      online_devices: 1,
      active_links: 0,
      inactive_links: 0,
      total_networks: 2,
      deployed_devices: 3,
      offline_devices: 2,
      users: 2,
      online_users: 1,
    };
    expect(tenantInfoSchema.parse((await call('GET', 'tenant/tenant-info/?type=device')).json())).toEqual(sdwan);
    expect(tenantInfoSchema.parse((await call('POST', 'tenant/tenant-info/', 'viewer', { type: 'endpoint' })).json())).toEqual(ztna);
    expect((await call('GET', 'tenant/tenant-info/?type=router')).statusCode).toBe(400);
  });

  it('counts one group when a network is named, and 404s a group of nobody', async () => {
    const info = tenantInfoSchema.parse((await call('POST', 'tenant/tenant-info/', 'viewer', { network_id: groupId })).json());
    expect(info).toMatchObject({ devices: 1, links: 2, active_links: 1, online_devices: 1, total_networks: 2 });
    expect(tenantInfoSchema.parse((await call('GET', `tenant/tenant-info/?network_id=${groupId}`)).json()).devices).toBe(1);
    expect((await call('GET', `tenant/tenant-info/?network_id=${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call('POST', 'tenant/tenant-info/', 'viewer', { network_id: 'x' })).statusCode).toBe(400);
  });

  it('stores the commercial map and answers it back; readers read it', async () => {
    expect((await call('GET', 'tenant/commercial-data/')).json()).toEqual({});
    const map = {
      [deviceIds[0]!]: {
        WAN1: { amount: 1200, date: '2025-04-01', lastUpdated: '2025-04-02T10:00:00.000Z' },
        WAN2: { amount: '499.50', date: '2025-05-31', lastUpdated: '2025-04-02T10:00:00+05:30' },
      },
    };
    const saved = await call('POST', 'tenant/commercial-data/', 'editor', map);
    expect(saved.statusCode).toBe(200);
    expect(commercialDataSchema.parse(saved.json())).toEqual(map);
    expect((await call('GET', 'tenant/commercial-data/')).json()).toEqual(map);
    const [row] = await t.app.services.db.select().from(auditLog).where(eq(auditLog.action, 'tenant.commercial_data_saved'));
    expect(row).toMatchObject({ actorEmail: 'editor@acme.test', tenantId: ids.acme });
  });

  it('refuses a bad commercial map with 400 and a foreign device with 404, keeping the saved one', async () => {
    const before = (await call('GET', 'tenant/commercial-data/')).json();
    const entry = { amount: 1, date: '2025-01-01', lastUpdated: '2025-01-01T00:00:00Z' };
    for (const bad of [
      { [deviceIds[0]!]: { WAN1: { ...entry, amount: 'lots' } } },
      { [deviceIds[0]!]: { WAN1: { ...entry, amount: -5 } } },
      { [deviceIds[0]!]: { WAN1: { ...entry, date: '2025-02-30' } } },
      { [deviceIds[0]!]: { WAN1: { ...entry, date: '1/4/25' } } },
      { [deviceIds[0]!]: { WAN1: { ...entry, lastUpdated: 'yesterday' } } },
      { 'not-a-device': { WAN1: entry } },
      [entry],
    ]) {
      const res = await call('POST', 'tenant/commercial-data/', 'editor', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('invalid');
    }
    const globexDevice = await addDevice(t.app.services.db, ids.globex);
    const res = await call('POST', 'tenant/commercial-data/', 'editor', { [globexDevice.id]: { WAN1: entry } });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', 'tenant/commercial-data/')).json()).toEqual(before);
  });

  it('creates the enrolment key on first read, for owners, admins and the super admin only, and rotates it', async () => {
    // The demo seed gives tenants a key; a tenant made elsewhere may have none yet.
    await t.app.services.db.update(tenants).set({ enrolmentKey: null }).where(eq(tenants.id, ids.acme));
    const first = enrolmentKeySchema.parse((await call('GET', 'tenant/enrolment-key/', 'owner')).json()).enrolment_key;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(enrolmentKeySchema.parse((await call('GET', 'tenant/enrolment-key/', 'admin')).json()).enrolment_key).toBe(first);
    expect(enrolmentKeySchema.parse((await call('GET', `tenant/enrolment-key/?tid=${ids.acme}`, 'super')).json()).enrolment_key).toBe(first);
    for (const who of ['editor', 'viewer', 'guest']) {
      expect((await call('GET', 'tenant/enrolment-key/', who)).statusCode).toBe(403);
      expect((await call('POST', 'tenant/enrolment-key/rotate/', who)).statusCode).toBe(403);
    }
    const rotated = enrolmentKeySchema.parse((await call('POST', 'tenant/enrolment-key/rotate/', 'admin')).json()).enrolment_key;
    expect(rotated).not.toBe(first);
    expect(enrolmentKeySchema.parse((await call('GET', 'tenant/enrolment-key/', 'owner')).json()).enrolment_key).toBe(rotated);
    const actions = (await t.app.services.db.select().from(auditLog).where(eq(auditLog.target, ids.acme))).map((r) => r.action);
    expect(actions, JSON.stringify(actions)).toEqual(expect.arrayContaining(['tenant.enrolment_key_created', 'tenant.enrolment_key_rotated']));
  });
});
