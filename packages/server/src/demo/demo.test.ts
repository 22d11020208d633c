import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectorRowSchema,
  deviceConfigSchema,
  deviceListSchema,
  inventoryPageSchema,
  trafficAnswerSchema,
  wafApplicationSchema,
  wafSummarySchema,
  ztnaPolicySchema,
  type DeviceRow,
} from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { devices } from '../db/schema/index';
import { bearer, DEMO_PASSWORD, login } from '../test/build';

/**
 * What `npm start` gives a new user: the app alone (no seeding by the caller) fills an empty
 * database with the demo organisations and runs the demo fleet against itself once listening;
 * on shutdown the simulated devices say goodbye while the server still takes their messages.
 */
describe('the demo (DEMO=1, DEMO_FLEET=1) on an empty embedded database', () => {
  let dir: string;
  let config: Config;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'netloom-demo-'));
    config = {
      ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '1', DEMO_FLEET: '1', DEMO_PASSWORD, DATA_DIR: dir, HEARTBEAT_INTERVAL_SECONDS: '1' }),
      webDist: null,
    };
    app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  // One sign-in for the whole test: hashing a password on every poll is load a busy machine does not need.
  const listDevices = async (access: string): Promise<DeviceRow[]> => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/device/list/', headers: bearer(access), payload: { page: 1, size: 0, filters: [] } });
    expect(res.statusCode).toBe(200);
    return deviceListSchema.parse(res.json()).results;
  };

  // One try only: the test closes the app its describe built, so a second try would find it closed. A
  // loaded CI machine runs the 21 simulated devices and the server in the same starved process: room for that.
  it('seeds the demo logins and shows the demo fleet reporting, then takes the devices offline on close', { timeout: 240_000, retry: 0 }, async () => {
    const { access } = await login(app, 'owner@acme.test');
    let rows: DeviceRow[] = [];
    // A starved machine takes its time to enrol thirteen devices (the whole fleet's later wait has 60 s too).
    for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
      rows = await listDevices(access);
      if (rows.length >= 13 && rows.every((r) => r.lastSeenTime !== null)) break;
    }
    expect(rows.length).toBe(13);
    expect(rows.every((r) => r.lastSeenTime !== null)).toBe(true);
    const online = rows.map((r) => r.deviceStatus);

    // The usage graphs are on, and the fleet's first flow exports fill them within seconds.
    const preference = await app.inject({ method: 'GET', url: '/api/v1/tenant/config/config-preference/', headers: bearer(access) });
    expect(preference.json()).toMatchObject({ dashboard: { netflow: true } });
    const applications = async () =>
      trafficAnswerSchema.parse(
        (await app.inject({ method: 'POST', url: '/api/v1/sdwan/netflow/top-applications/', headers: bearer(access), payload: { timeduration: 60 } })).json(),
      ).results.length;
    await expect.poll(applications, { timeout: 20_000, interval: 500 }).toBeGreaterThan(3);

    // Zero-trust access: the ordered policies, the HQ site's two app connectors reporting their health, the people the policies name on the endpoints.
    const get = async (url: string) => (await app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(access) })).json() as unknown;
    const policies = ztnaPolicySchema.array().parse(await get('tenant/ztna/policies/'));
    expect(policies.map((p) => p.name)).toEqual([
      'No databases for contractors',
      'Engineering to git',
      'Engineering to the databases',
      'Windows laptops to the jump host',
      'Everyone to the wiki',
    ]);
    const connectors = async () => connectorRowSchema.array().parse(await get('tenant/connector/'));
    await expect
      .poll(async () => (await connectors()).filter((c) => c.site === 'HQ' && c.health_at !== null).length, { timeout: 20_000, interval: 500 })
      .toBe(2);
    const inventory = inventoryPageSchema.parse(await get('tenant/ztna/inventory/?page_size=100')).results;
    expect(inventory.find((e) => e.user === 'liam.smith@acme.test')?.posture).toMatchObject({ os: 'windows', firewall_on: false });

    // QShield: the POP serves the shop with its policy's second revision, and its first logs reach the dashboard.
    await expect
      .poll(
        async () =>
          wafApplicationSchema
            .array()
            .parse(await get('waap/domains/'))
            .find((a) => a.name === 'Acme Shop')?.sync_state,
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('synced');
    await expect
      .poll(async () => wafSummarySchema.parse(await get('waap/analytics/summary/')).requests, { timeout: 40_000, interval: 1000 })
      .toBeGreaterThan(0);

    // Every gateway runs the demo's branch template with its own site number, pushed by the engine and acknowledged.
    const gateways = rows.filter((r) => r.deviceType === 'gateway' && !r.name.endsWith('-pop'));
    expect(gateways.length).toBe(6);
    const configs = async () => Promise.all(gateways.map(async (g) => deviceConfigSchema.parse(await get(`device/config/${g.id}/`))));
    await expect.poll(async () => (await configs()).map((c) => c.sync.state), { timeout: 30_000, interval: 1000 }).toEqual(gateways.map(() => 'synced'));
    const synced = await configs();
    expect(synced.every((c) => c.revision?.source === 'template' && c.sections.some((s) => s.template?.name === 'Branch office'))).toBe(true);
    const lans = synced.map((c) => c.document.interfaces?.lan[0]?.ip);
    expect(new Set(lans).size).toBe(6);
    expect(synced[0]!.document).toMatchObject({
      services: { dhcp: [{ interface: 'lan1' }, { interface: 'lan1.20' }] },
      firewall: { zones: [{ name: 'lan' }, { name: 'guest' }, { name: 'wan' }] },
    });

    // Globex's devices enrol beside Acme's; on a busy machine the last may still be on its way.
    await expect.poll(async () => (await app.services.db.select({ id: devices.id }).from(devices)).length, { timeout: 60_000, interval: 500 }).toBe(22);
    await app.close();
    const database = await openDatabase(config.database);
    try {
      const after = await database.db.select({ status: devices.deviceStatus }).from(devices);
      expect(after.length).toBe(22);
      // Each said goodbye (normal closure) before the server closed its sockets: none is left as it reported.
      expect(after.filter((d) => d.status !== 'offline' && d.status !== 'error')).toEqual([]);
      expect(online.some((s) => s !== 'offline' && s !== 'error')).toBe(true);
    } finally {
      await database.close();
    }
  });
});
