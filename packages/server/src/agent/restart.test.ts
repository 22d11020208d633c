import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, tenants } from '../db/schema/index';
import { build, testBackends, type TestApp } from '../test/build';

/**
 * A server that was down heard no heartbeats meanwhile: devices that were online before it went
 * down get one offline timeout from its start to reconnect, instead of all turning offline at
 * its first sweep.
 */
describe.each(testBackends('advisory locks'))('devices after a server restart on %s', (backend) => {
  let t: TestApp;
  let started: number;
  const OFFLINE_AFTER_S = 5;

  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1, offlineAfterSeconds: OFFLINE_AFTER_S } }));
    started = Date.now();
  });
  afterAll(() => t.close());

  const statusOf = async (id: string) => (await t.app.services.db.select().from(devices).where(eq(devices.id, id)))[0]!.deviceStatus;

  it('keeps a device last heard an hour before the start online for one offline timeout, then marks it offline', async () => {
    const db = t.app.services.db;
    const [acme] = await db.select().from(tenants).where(eq(tenants.name, 'Acme'));
    const id = crypto.randomUUID();
    await db.insert(devices).values({
      id,
      tenantId: acme!.id,
      serial: 'SN-BEFORE-RESTART',
      name: 'edge-before-restart',
      kind: 'gateway',
      approved: true,
      deviceStatus: 'running',
      lastSeenAt: new Date(Date.now() - 3_600_000),
    });
    // Sweeps run every second: by now at least one has looked at the device.
    await new Promise((r) => setTimeout(r, Math.max(0, started + 1_500 - Date.now())));
    expect(await statusOf(id)).toBe('running');
    for (let i = 0; i < 70 && (await statusOf(id)) === 'running'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(id)).toBe('error');
  });
});
