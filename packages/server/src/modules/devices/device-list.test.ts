import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDeviceSchema, deviceListSchema, deviceRowSchema, type DeviceRow } from '@netloom/domain';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds, minutesAgo } from '../../fleet/test-fixtures';

const wan = (status: 'up' | 'down') => ({ name: 'WAN1', status, ifname: 'eth0', weight: 1 });

describe.each(testBackends('driver'))('device list on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let superToken: string;
  let ids: { acme: string; globex: string };
  let groupId: string;

  beforeAll(async () => {
    t = await build(backend);
    const db = t.app.services.db;
    ids = await demoTenantIds(db);
    token = (await login(t.app, 'viewer@acme.test')).access;
    superToken = (await login(t.app, 'super@demo.test')).access;
    const editor = (await login(t.app, 'editor@acme.test')).access;
    const group = await t.app.inject({ method: 'POST', url: '/api/v1/network/list/', headers: bearer(editor), payload: { name: 'Branches' } });
    groupId = group.json().id;
    const acme = ids.acme;
    // SD-WAN gateways
    await addDevice(db, acme, {
      name: 'alpha-gw',
      deviceStatus: 'running',
      lastSeenAt: minutesAgo(1),
      os: 'OpenWrt',
      locationName: 'Chennai',
      publicIp: '10.0.0.2',
      wanStatus: [wan('up')],
      networkId: groupId,
      createdAt: minutesAgo(50),
    });
    await addDevice(db, acme, {
      name: 'Bravo-gw',
      deviceStatus: 'error',
      lastSeenAt: minutesAgo(30),
      os: 'OpenWrt',
      locationName: 'Berlin',
      publicIp: '10.0.0.10',
      wanStatus: [wan('down')],
      createdAt: minutesAgo(40),
    });
    await addDevice(db, acme, {
      name: 'charlie-gw',
      deviceStatus: 'running',
      lastSeenAt: null,
      os: 'OpenWrt',
      locationName: 'Lima',
      createdAt: minutesAgo(30),
    });
    await addDevice(db, acme, {
      name: 'delta-gw',
      deviceStatus: 'registered',
      lastSeenAt: minutesAgo(5),
      locationName: null,
      publicIp: '9.9.9.9',
      createdAt: minutesAgo(20),
    });
    // ZTNA endpoints
    await addDevice(db, acme, {
      name: 'echo-laptop',
      kind: 'endpoint',
      deviceStatus: 'connected',
      lastSeenAt: minutesAgo(1.5),
      os: 'windows',
      username: 'ann@acme.test',
      vpnIp: '100.64.0.7',
      locationName: 'Paris',
      createdAt: minutesAgo(10),
    });
    await addDevice(db, acme, {
      name: 'foxtrot-phone',
      kind: 'endpoint',
      deviceStatus: 'offline',
      lastSeenAt: minutesAgo(90),
      os: 'gnu/linux',
      username: 'bob@acme.test',
      locationName: 'Tokyo 100%_',
      createdAt: minutesAgo(5),
    });
    await addDevice(db, acme, {
      name: 'golf-mac',
      kind: 'endpoint',
      deviceStatus: 'online',
      lastSeenAt: minutesAgo(2),
      os: 'macos',
      username: 'Ann@Acme.test',
      createdAt: minutesAgo(1),
    });
    // Not listed: unclaimed, and another tenant's.
    await addDevice(db, acme, { name: 'hotel-gone', claimed: false, deviceStatus: 'running', lastSeenAt: minutesAgo(1) });
    await addDevice(db, ids.globex, { name: 'globex-secret', kind: 'endpoint', deviceStatus: 'online', lastSeenAt: minutesAgo(1), username: 'ann@acme.test' });
  });
  afterAll(() => t.close());

  const post = async (payload: object, who = token, url = 'device/list/') =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: bearer(who), payload });
  const names = async (payload: object) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(200);
    return deviceListSchema.parse(res.json()).results.map((r) => r.name);
  };
  const status = (value: string, type?: string) => ({ filters: [{ key: 'status', value, ...(type ? { type } : {}) }], size: 0 });

  it('lists the claimed devices of the tenant only, by name, with the row schema', async () => {
    const res = await post({ size: 0 });
    const page = deviceListSchema.parse(res.json());
    expect(page.count).toBe(7);
    expect(page.results.map((r) => r.name)).toEqual(['alpha-gw', 'Bravo-gw', 'charlie-gw', 'delta-gw', 'echo-laptop', 'foxtrot-phone', 'golf-mac']);
    expect(res.body).not.toContain('globex-secret');
    expect(res.body).not.toContain('hotel-gone');
    const charlie = page.results.find((r) => r.name === 'charlie-gw')!;
    expect(charlie.currentStatus).toBe('registered');
  });

  it('maps the SD-WAN status filter: online and connected are running, offline is error, undeployed never seen or registered', async () => {
    expect(await names(status('online', 'device'))).toEqual(['alpha-gw']);
    expect(await names(status('connected', 'device'))).toEqual(['alpha-gw']);
    expect(await names(status('offline', 'device'))).toEqual(['Bravo-gw']);
    expect(await names(status('undeployed', 'device'))).toEqual(['charlie-gw', 'delta-gw']);
    expect(await names(status('all', 'device'))).toEqual(['alpha-gw', 'Bravo-gw', 'charlie-gw', 'delta-gw']);
  });

  it('maps the ZTNA status filter by substring of the status', async () => {
    expect(await names(status('connected', 'endpoint'))).toEqual(['echo-laptop']);
    expect(await names(status('online', 'endpoint'))).toEqual(['golf-mac']);
    expect(await names(status('offline', 'endpoint'))).toEqual(['foxtrot-phone']);
    expect(await names(status('undeployed', 'endpoint'))).toEqual([]);
  });

  it('maps each device by its own kind when the filter names no product, and takes several values', async () => {
    expect(await names(status('offline'))).toEqual(['Bravo-gw', 'foxtrot-phone']);
    expect(await names({ filters: [{ key: 'status', value: ['online', 'offline'] }], size: 0 })).toEqual(['alpha-gw', 'Bravo-gw', 'foxtrot-phone', 'golf-mac']);
  });

  it('filters by os, user and location (case-insensitive, several filters combine)', async () => {
    expect(await names({ filters: [{ key: 'os', value: 'LINUX' }] })).toEqual(['foxtrot-phone']);
    expect(await names({ filters: [{ key: 'user', value: 'ann@acme' }] })).toEqual(['echo-laptop', 'golf-mac']);
    expect(await names({ filters: [{ key: 'location', value: ['berlin', 'lima'] }] })).toEqual(['Bravo-gw', 'charlie-gw']);
    expect(
      await names({
        filters: [
          { key: 'os', value: 'openwrt' },
          { key: 'location', value: 'chen' },
        ],
      }),
    ).toEqual(['alpha-gw']);
    // LIKE wildcards in a value are plain characters.
    expect(await names({ filters: [{ key: 'location', value: '100%_' }] })).toEqual(['foxtrot-phone']);
    expect(await names({ filters: [{ key: 'location', value: '%' }] })).toEqual(['foxtrot-phone']);
  });

  it('filters by group, by product type and by the tenant filter', async () => {
    expect(await names({ filters: [{ key: 'network_id', value: groupId }] })).toEqual(['alpha-gw']);
    expect(await names({ network_id: groupId })).toEqual(['alpha-gw']);
    expect(await names({ filters: [{ key: 'network_id', value: '' }], size: 0 })).toHaveLength(7);
    expect(await names({ filters: [{ key: 'type', value: 'endpoint' }] })).toEqual(['echo-laptop', 'foxtrot-phone', 'golf-mac']);
    expect(await names({ type: 'device' })).toEqual(['alpha-gw', 'Bravo-gw', 'charlie-gw', 'delta-gw']);
    expect(await names({ filters: [{ key: 'tenant_id', value: ids.acme }], size: 0 })).toHaveLength(7);
  });

  it('searches name, user, IPs, location and os case-insensitively', async () => {
    expect(await names({ search: 'BRAVO' })).toEqual(['Bravo-gw']);
    expect(await names({ search: 'bob@' })).toEqual(['foxtrot-phone']);
    expect(await names({ search: '100.64' })).toEqual(['echo-laptop']);
    expect(await names({ search: '9.9.9' })).toEqual(['delta-gw']);
    expect(await names({ search: 'tokyo' })).toEqual(['foxtrot-phone']);
    expect(await names({ search: 'macos' })).toEqual(['golf-mac']);
    expect(await names({ search: 'nothing-like-this' })).toEqual([]);
  });

  it('sorts by each key both ways with empty values last', async () => {
    const sorted = (key: string, direction: 'asc' | 'dsc', extra: object = {}) => names({ sort: { key, direction }, size: 0, ...extra });
    expect(await sorted('name', 'dsc')).toEqual(['golf-mac', 'foxtrot-phone', 'echo-laptop', 'delta-gw', 'charlie-gw', 'Bravo-gw', 'alpha-gw']);
    expect(await sorted('createdDateTime', 'asc')).toEqual(['alpha-gw', 'Bravo-gw', 'charlie-gw', 'delta-gw', 'echo-laptop', 'foxtrot-phone', 'golf-mac']);
    expect(await sorted('lastSeenTime', 'dsc')).toEqual(['alpha-gw', 'echo-laptop', 'golf-mac', 'delta-gw', 'Bravo-gw', 'foxtrot-phone', 'charlie-gw']);
    expect(await sorted('lastSeenTime', 'asc')).toEqual(['foxtrot-phone', 'Bravo-gw', 'delta-gw', 'golf-mac', 'echo-laptop', 'alpha-gw', 'charlie-gw']);
    // Numeric IP order (10.0.0.2 before 10.0.0.10), devices without an IP last in both directions.
    expect(await sorted('publicIp', 'asc')).toEqual(['delta-gw', 'alpha-gw', 'Bravo-gw', 'charlie-gw', 'echo-laptop', 'foxtrot-phone', 'golf-mac']);
    expect((await sorted('publicIp', 'dsc')).slice(0, 3)).toEqual(['Bravo-gw', 'alpha-gw', 'delta-gw']);
    expect(await sorted('location', 'asc', { type: 'device' })).toEqual(['Bravo-gw', 'alpha-gw', 'charlie-gw', 'delta-gw']);
    expect(await sorted('os', 'dsc', { type: 'endpoint' })).toEqual(['echo-laptop', 'golf-mac', 'foxtrot-phone']);
    expect(await sorted('status', 'asc', { type: 'device' })).toEqual(['Bravo-gw', 'charlie-gw', 'delta-gw', 'alpha-gw']);
  });

  it('writes every row as the device detail does, timestamps in UTC with milliseconds cut as a JavaScript date keeps them', async () => {
    const db = t.app.services.db;
    // Microseconds a Date cannot hold: .678999 must read .678, never round up to .679.
    const odd = await addDevice(db, ids.acme, { name: 'india-odd-time', deviceStatus: 'running' });
    await db.execute(
      sql`update devices set last_seen_at = '2026-01-02 03:04:05.678999+05:30', created_at = '1999-12-31 23:59:59.9999+00' where id = ${odd.id}`,
    );
    // A database session in another time zone must not change the text (PGlite has one session; on
    // a pool this reaches one connection of several).
    await db.execute(sql`set timezone = 'Asia/Kolkata'`);
    try {
      const listed = deviceListSchema.parse((await post({ size: 0 })).json()).results;
      expect(listed.find((r) => r.name === 'india-odd-time')).toMatchObject({
        lastSeenTime: '2026-01-01T21:34:05.678Z',
        createdDateTime: '1999-12-31T23:59:59.999Z',
      });
      for (const row of listed) {
        const detail = await t.app.inject({ method: 'GET', url: `/api/v1/device/${row.id}/`, headers: bearer(token) });
        expect(row).toEqual(deviceRowSchema.parse(detail.json()));
      }
    } finally {
      await db.execute(sql`reset timezone`);
      await db.execute(sql`delete from devices where id = ${odd.id}`);
    }
  });

  it('answers the declared fields and nothing else', async () => {
    const answer = (await post({ size: 0 })).json() as { results: Record<string, unknown>[] };
    expect(Object.keys(answer).sort()).toEqual(Object.keys(deviceListSchema.shape).sort());
    expect(answer.results.length).toBeGreaterThan(0);
    for (const row of answer.results) expect(Object.keys(row).sort()).toEqual(Object.keys(deviceRowSchema.shape).sort());
  });

  it('pages with count and links; size 0 is every row', async () => {
    const first = deviceListSchema.parse((await post({ page: 1, size: 3 })).json());
    expect(first).toMatchObject({ count: 7, previous: null });
    expect(first.results.map((r) => r.name)).toEqual(['alpha-gw', 'Bravo-gw', 'charlie-gw']);
    expect(first.next).toContain('page=2');
    const third = deviceListSchema.parse((await post({ page: 3, size: 3 })).json());
    expect(third.results.map((r) => r.name)).toEqual(['golf-mac']);
    expect(third.next).toBeNull();
    expect(third.previous).toContain('page=2');
    const past = deviceListSchema.parse((await post({ page: 9, size: 3 })).json());
    expect(past).toMatchObject({ count: 7, results: [] });
    expect(deviceListSchema.parse((await post({ size: 0 })).json()).results).toHaveLength(7);
  });

  it('answers the GET form by group, product and page_size (0 = all)', async () => {
    const get = async (q: string) =>
      deviceListSchema.parse((await t.app.inject({ method: 'GET', url: `/api/v1/device/list/?${q}`, headers: bearer(token) })).json());
    expect((await get('page_size=0')).count).toBe(7);
    expect((await get('page_size=0')).results).toHaveLength(7);
    expect((await get('type=endpoint&page_size=0')).results.map((r) => r.name)).toEqual(['echo-laptop', 'foxtrot-phone', 'golf-mac']);
    expect((await get(`network_id=${groupId}`)).results.map((r) => r.name)).toEqual(['alpha-gw']);
    const paged = await get('page=2&page_size=2');
    expect(paged.results.map((r) => r.name)).toEqual(['charlie-gw', 'delta-gw']);
    expect(paged.count).toBe(7);
    // Absolute links that keep the rest of the query and change only the page.
    expect(paged.next).toBe('http://console.test/api/v1/device/list/?page=3&page_size=2');
    expect(paged.previous).toBe('http://console.test/api/v1/device/list/?page=1&page_size=2');
    expect((await get('type=device&page_size=1&search=gw')).next).toBe('http://console.test/api/v1/device/list/?type=device&page_size=1&search=gw&page=2');
  });

  it('refuses bad payloads with 400 in the error shape', async () => {
    for (const payload of [
      { filters: [{ key: 'colour', value: 'red' }] },
      { filters: [{ key: 'status', value: 'sleeping' }] },
      { filters: [{ key: 'network_id', value: 'not-a-uuid' }] },
      { sort: { key: 'serial', direction: 'asc' } },
      { sort: { key: 'name', direction: 'up' } },
      { page: 0 },
      { size: -1 },
      { size: 'ten' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', detail: 'Invalid input.' });
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/device/list/?page_size=-1', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    // The field errors reach the client as on every route.
    expect(bad.json().errors).toEqual({ page_size: [expect.any(String)] });
    expect(Object.keys((await post({ size: -1, page: 0 })).json().errors).sort()).toEqual(['page', 'size']);
  });

  it('makes the super admin name the tenant, in the body, a filter or the query', async () => {
    expect((await post({ size: 0 }, superToken)).json()).toEqual({ detail: 'Please Select Tenant', code: 'tenant_required' });
    expect(deviceListSchema.parse((await post({ size: 0, tenant_id: ids.globex }, superToken)).json()).results.map((r) => r.name)).toEqual(['globex-secret']);
    expect(deviceListSchema.parse((await post({ filters: [{ key: 'tenant_id', value: ids.acme }] }, superToken)).json()).count).toBe(7);
    expect(deviceListSchema.parse((await post({}, superToken, `device/list/?tid=${ids.acme}`)).json()).count).toBe(7);
    expect((await post({ tenant_id: ids.acme, filters: [{ key: 'tenant_id', value: ids.globex }] }, superToken)).statusCode).toBe(400);
  });

  // The same shape with other values must not answer with the previous caller's tenant, filter texts or page.
  it('answers calls of the same shape with their own tenant, texts and page, one after the other', async () => {
    const shaped = (tenant: string, os: string, search: string, page: number) => ({
      tenant_id: tenant,
      filters: [{ key: 'os', value: [os] }],
      search,
      size: 1,
      page,
      sort: { key: 'name', direction: 'asc' },
    });
    const ask = async (payload: object) => deviceListSchema.parse((await post(payload, superToken)).json());
    const first = await ask(shaped(ids.acme, 'openwrt', 'gw', 1));
    const other = await ask(shaped(ids.globex, 'openwrt', 'gw', 1));
    const second = await ask(shaped(ids.acme, 'openwrt', 'gw', 2));
    const mac = await ask(shaped(ids.acme, 'mac', 'golf', 1));
    expect([first.count, first.results.map((r) => r.name)]).toEqual([3, ['alpha-gw']]);
    expect([other.count, other.results]).toEqual([0, []]);
    expect([second.count, second.results.map((r) => r.name)]).toEqual([3, ['Bravo-gw']]);
    expect([mac.count, mac.results.map((r) => r.name)]).toEqual([1, ['golf-mac']]);
  });

  it('answers the admin device list and one device', async () => {
    const admin = z.array(adminDeviceSchema).parse((await post({ tenant_id: ids.acme }, token, 'admin-device/list/')).json());
    expect(admin.map((d) => d.name)).toEqual(['alpha-gw', 'Bravo-gw', 'charlie-gw', 'delta-gw', 'echo-laptop', 'foxtrot-phone', 'golf-mac']);
    expect(Object.keys(admin[0]!).sort()).toEqual(['deviceStatus', 'geographicalZone', 'id', 'macAddress', 'name']);
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/device/${admin[0]!.id}/`, headers: bearer(token) });
    expect(deviceRowSchema.parse(one.json()).name).toBe('alpha-gw');
  });

  it("answers a user's devices (username ignoring case), never another tenant's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/webfilter-global/get-user-devices/?username=ANN@acme.test', headers: bearer(token) });
    const rows: DeviceRow[] = z.array(deviceRowSchema).parse(res.json());
    expect(rows.map((r) => r.name)).toEqual(['echo-laptop', 'golf-mac']);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/webfilter-global/get-user-devices/', headers: bearer(token) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.username).toEqual(['Field is required']);
  });
});
