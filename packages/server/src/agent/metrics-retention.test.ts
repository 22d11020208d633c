import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { interfaceMetricsSchema } from '@netloom/domain';
import { loadConfig } from '../config';
import { deviceBatches, deviceMetrics, deviceSystemMetrics } from '../db/schema/index';
import { addDevice, demoTenantIds, minutesAgo } from '../fleet/test-fixtures';
import { bearer, build, login, testBackends, type TestApp } from '../test/build';
import { keepMetricsFor } from './metrics-retention';

describe.each(testBackends('advisory locks'))('device metrics retention on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // The app's own sweeps keep a year here, so what goes below is the sweep under test.
    t = await build(backend, (c) => ({ ...c, fleet: { ...c.fleet, metricsRetentionHours: 8760 } }));
  });
  afterAll(() => t.close());

  const db = () => t.app.services.db;
  const countOf = async (deviceId: string) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(deviceMetrics)
        .where(eq(deviceMetrics.deviceId, deviceId))
    )[0]!.n;

  it('deletes the metrics past the retention, in batches, and keeps what the interface graphs show', async () => {
    const { acme } = await demoTenantIds(db());
    const device = await addDevice(db(), acme);
    await db()
      .insert(deviceMetrics)
      .values([
        { deviceId: device.id, at: minutesAgo(30), ifname: 'eth0', rxBytes: 10, txBytes: 20, latencyMs: 12.5, lossPct: 0 },
        { deviceId: device.id, at: minutesAgo(59), ifname: 'eth1', rxBytes: 30, txBytes: 40 },
        { deviceId: device.id, at: minutesAgo(61), ifname: 'eth0', rxBytes: 50, txBytes: 60 },
      ]);
    // Two days of a chatty device, more than one batch.
    await db().execute(sql`
      insert into ${deviceMetrics} (device_id, at, ifname, rx_bytes, tx_bytes)
      select ${device.id}::uuid, now() - interval '2 days' + g * interval '1 second', 'eth0', g, g from generate_series(1, 12000) g`);
    expect(await countOf(device.id)).toBe(12_003);

    const stop = keepMetricsFor(db(), t.app.log, { retentionHours: 1, usesLock: backend === 'postgres' });
    try {
      await expect.poll(() => countOf(device.id), { timeout: 15_000, interval: 200 }).toBe(2);
    } finally {
      await stop();
    }

    const owner = (await login(t.app, 'owner@acme.test')).access;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/device/${device.id}/metrics/?minutes=60`, headers: bearer(owner) });
    const series = z.array(interfaceMetricsSchema).parse(res.json());
    expect(series.map((s) => [s.ifname, s.points.length])).toEqual([
      ['eth0', 1],
      ['eth1', 1],
    ]);
  });

  it('forgets the received batch keys with the metrics they stand for', async () => {
    const { acme } = await demoTenantIds(db());
    const device = await addDevice(db(), acme);
    await db().execute(sql`
      insert into ${deviceBatches} (device_id, seq, received_at)
      select ${device.id}::uuid, g, now() - interval '2 days' + g * interval '1 second' from generate_series(1, 6000) g`);
    await db()
      .insert(deviceBatches)
      .values({ deviceId: device.id, seq: 10_000, receivedAt: minutesAgo(30) });
    const keysOf = async () =>
      (await db().select({ seq: deviceBatches.seq }).from(deviceBatches).where(eq(deviceBatches.deviceId, device.id))).map((k) => k.seq);
    const stop = keepMetricsFor(db(), t.app.log, { retentionHours: 1, usesLock: backend === 'postgres' });
    try {
      await expect.poll(keysOf, { timeout: 15_000, interval: 200 }).toEqual([10_000]);
    } finally {
      await stop();
    }
  });

  it('deletes CPU and memory samples past the retention with the metrics', async () => {
    const { acme } = await demoTenantIds(db());
    const device = await addDevice(db(), acme);
    await db()
      .insert(deviceSystemMetrics)
      .values([
        { deviceId: device.id, at: minutesAgo(30), cpuPct: 12, memoryPct: 40 },
        { deviceId: device.id, at: minutesAgo(120), cpuPct: 90, memoryPct: 80 },
      ]);
    const samples = async () =>
      (await db().select({ cpu: deviceSystemMetrics.cpuPct }).from(deviceSystemMetrics).where(eq(deviceSystemMetrics.deviceId, device.id))).map((r) => r.cpu);
    const stop = keepMetricsFor(db(), t.app.log, { retentionHours: 1, usesLock: backend === 'postgres' });
    try {
      await expect.poll(samples, { timeout: 15_000, interval: 200 }).toEqual([12]);
    } finally {
      await stop();
    }
  });

  it('stops: no sweep runs after it, and one under way is awaited', async () => {
    const { acme } = await demoTenantIds(db());
    const device = await addDevice(db(), acme);
    await db()
      .insert(deviceMetrics)
      .values({ deviceId: device.id, at: minutesAgo(600), ifname: 'eth0', rxBytes: 1, txBytes: 1 });
    const stop = keepMetricsFor(db(), t.app.log, { retentionHours: 1, usesLock: backend === 'postgres' });
    await stop();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await countOf(device.id)).toBe(1);
  });
});

describe('DEVICE_METRICS_RETENTION_HOURS', () => {
  it('keeps a day by default, takes hours from 1 to a year, and refuses anything else', () => {
    expect(loadConfig({}).fleet.metricsRetentionHours).toBe(24);
    expect(loadConfig({ DEVICE_METRICS_RETENTION_HOURS: '168' }).fleet.metricsRetentionHours).toBe(168);
    for (const bad of ['0', '8761', '1.5', 'week']) expect(() => loadConfig({ DEVICE_METRICS_RETENTION_HOURS: bad })).toThrow();
  });
});
