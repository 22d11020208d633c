import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceListSchema, deviceRowSchema, interfaceMetricsSchema, jobAcceptedSchema } from '@netloom/domain';
import { z } from 'zod';
import { auditLog, deviceJobs, deviceMetrics, devices } from '../../db/schema/index';
import { topics } from '../../bus/topics';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds, deviceById, minutesAgo } from '../../fleet/test-fixtures';

describe.each(testBackends('concurrent writes'))('device actions on %s', (backend) => {
  let t: TestApp;
  let editor: string;
  let superToken: string;
  let ids: { acme: string; globex: string };
  let events: { topic: string; payload: unknown }[];
  let unsubscribe: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    editor = (await login(t.app, 'editor@acme.test')).access;
    superToken = (await login(t.app, 'super@demo.test')).access;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    events = [];
  });
  afterEach(async () => {
    await Promise.all(unsubscribe.map((u) => u()));
    unsubscribe = [];
  });

  const db = () => t.app.services.db;
  const call = (method: 'GET' | 'POST', url: string, who = editor, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });
  /** Collects what the bus carries on the device's and the tenant's topics. */
  async function listen(deviceId: string, tenantId = ids.acme) {
    for (const topic of [topics.device(deviceId), topics.tenantDevices(tenantId)]) {
      unsubscribe.push(await t.app.services.bus.subscribe(topic, (payload) => events.push({ topic, payload })));
    }
  }
  const settle = () => new Promise((r) => setTimeout(r, 10));
  const auditRows = (target: string) => db().select().from(auditLog).where(eq(auditLog.target, target));

  it('approves a pending device: stores the hash of a new secret and sends the secret to the device only', async () => {
    const device = await addDevice(db(), ids.acme, { approved: false });
    await listen(device.id);
    const res = await call('POST', `device/${device.id}/approve/`);
    expect(res.statusCode).toBe(200);
    expect(deviceRowSchema.parse(res.json()).approved).toBe(true);
    await settle();
    const sent = events.find((e) => e.topic === topics.device(device.id))!.payload as { kind: string; credential: { device_id: string; secret: string } };
    expect(sent.kind).toBe('approved');
    expect(sent.credential.device_id).toBe(device.id);
    expect(sent.credential.secret.length).toBeGreaterThanOrEqual(32);
    expect(res.body).not.toContain(sent.credential.secret);
    const stored = await deviceById(db(), device.id);
    expect(stored!.credentialHash).toBe(createHash('sha256').update(sent.credential.secret).digest('hex'));
    expect(events.find((e) => e.topic === topics.tenantDevices(ids.acme))!.payload).toMatchObject({ kind: 'device', row: { id: device.id, approved: true } });
    const [row] = await auditRows(device.id);
    expect(row).toMatchObject({ action: 'device.approved', actorEmail: 'editor@acme.test', tenantId: ids.acme });

    const again = await call('POST', `device/${device.id}/approve/`);
    expect(again.statusCode).toBe(409);
    expect((await deviceById(db(), device.id))!.credentialHash).toBe(stored!.credentialHash);
  });

  it('claims a device by serial (approved at once), and refuses a serial that exists', async () => {
    const res = await call('POST', 'device/claim/', editor, { serial: 'SN-CLAIM-1', name: 'Branch 7', kind: 'gateway' });
    expect(res.statusCode).toBe(201);
    const row = deviceRowSchema.parse(res.json());
    expect(row).toMatchObject({ name: 'Branch 7', approved: true, deviceType: 'gateway', currentStatus: 'registered', createdBy: 'editor@acme.test' });
    const dup = await call('POST', 'device/claim/', editor, { serial: 'SN-CLAIM-1', name: 'Other', kind: 'endpoint' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.serial).toEqual(['A device with this serial already exists']);
    expect((await deviceById(db(), row.id))!.name).toBe('Branch 7');
    const bad = await call('POST', 'device/claim/', editor, { serial: '', name: 'x', kind: 'router' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'serial']);
  });

  it('claims a new serial sent several times at once exactly once: the others are told the serial exists', async () => {
    const tries = await Promise.all(['A', 'B', 'C'].map((name) => call('POST', 'device/claim/', editor, { serial: 'SN-CLAIM-RACE', name, kind: 'gateway' })));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const lost of tries.filter((r) => r.statusCode === 400)) {
      expect(lost.json().errors.serial).toEqual(['A device with this serial already exists']);
    }
    const won = deviceRowSchema.parse(tries.find((r) => r.statusCode === 201)!.json());
    expect(await auditRows(won.id)).toHaveLength(1);
    const stored = await db()
      .select()
      .from(devices)
      .where(and(eq(devices.tenantId, ids.acme), eq(devices.serial, 'SN-CLAIM-RACE')));
    expect(stored.map((d) => d.id)).toEqual([won.id]);
  });

  it('unclaims a device: it leaves the list, loses its credential and is told so; claiming it again brings it back', async () => {
    const device = await addDevice(db(), ids.acme, { serial: 'SN-UNCLAIM', credentialHash: 'abc' });
    await listen(device.id);
    expect((await call('POST', `device/${device.id}/unclaim/`)).statusCode).toBe(200);
    await settle();
    expect(events.map((e) => e.payload)).toContainEqual({ kind: 'unclaimed' });
    const stored = await deviceById(db(), device.id);
    expect(stored).toMatchObject({ claimed: false, approved: false, credentialHash: null });
    const list = deviceListSchema.parse((await call('POST', 'device/list/', editor, { size: 0 })).json());
    expect(list.results.map((r) => r.id)).not.toContain(device.id);
    expect((await call('GET', `device/${device.id}/`)).statusCode).toBe(404);
    expect((await call('POST', `device/${device.id}/unclaim/`)).statusCode).toBe(404);
    const back = await call('POST', 'device/claim/', editor, { serial: 'SN-UNCLAIM', name: 'Back again', kind: 'gateway' });
    expect(back.statusCode).toBe(201);
    expect(back.json().id).toBe(device.id);
  });

  it('deactivates (telling the device) and activates again', async () => {
    const device = await addDevice(db(), ids.acme);
    await listen(device.id);
    const off = await call('POST', `device/${device.id}/deactivate/`);
    expect(deviceRowSchema.parse(off.json()).active).toBe(false);
    await settle();
    expect(events.filter((e) => e.topic === topics.device(device.id)).map((e) => e.payload)).toEqual([{ kind: 'deactivated' }]);
    expect(events.filter((e) => e.topic === topics.tenantDevices(ids.acme))).toHaveLength(1);
    const on = await call('POST', `device/${device.id}/activate/`);
    expect(deviceRowSchema.parse(on.json()).active).toBe(true);
    expect((await deviceById(db(), device.id))!.active).toBe(true);
    expect((await auditRows(device.id)).map((r) => r.action).sort()).toEqual(['device.activated', 'device.deactivated']);
  });

  it('restart queues a reboot job and tells the device', async () => {
    const device = await addDevice(db(), ids.acme);
    await listen(device.id);
    const res = await call('POST', `device/${device.id}/restart/`);
    expect(res.statusCode).toBe(202);
    const { job_id } = jobAcceptedSchema.parse(res.json());
    const [job] = await db()
      .select()
      .from(deviceJobs)
      .where(and(eq(deviceJobs.id, job_id), eq(deviceJobs.deviceId, device.id)));
    expect(job).toMatchObject({ kind: 'reboot', state: 'queued', tenantId: ids.acme });
    await settle();
    expect(events.find((e) => e.topic === topics.device(device.id))!.payload).toEqual({ kind: 'job', job_id });
    const pending = await addDevice(db(), ids.acme, { approved: false });
    expect((await call('POST', `device/${pending.id}/restart/`)).statusCode).toBe(409);
  });

  it('answers the metrics of the last minutes grouped per interface', async () => {
    const device = await addDevice(db(), ids.acme);
    await db()
      .insert(deviceMetrics)
      .values([
        { deviceId: device.id, at: minutesAgo(2), ifname: 'eth1', rxBytes: 10, txBytes: 20, latencyMs: 12.5, lossPct: 0 },
        { deviceId: device.id, at: minutesAgo(1), ifname: 'eth1', rxBytes: 30, txBytes: 40, latencyMs: null, lossPct: 100 },
        { deviceId: device.id, at: minutesAgo(3), ifname: 'eth0', rxBytes: 1, txBytes: 2 },
        { deviceId: device.id, at: minutesAgo(30), ifname: 'eth0', rxBytes: 99, txBytes: 99 },
      ]);
    const res = await call('GET', `device/${device.id}/metrics/?minutes=10`);
    const series = z.array(interfaceMetricsSchema).parse(res.json());
    expect(series.map((s) => [s.ifname, s.points.length])).toEqual([
      ['eth0', 1],
      ['eth1', 2],
    ]);
    expect(series[1]!.points[1]).toMatchObject({ rx_bytes: 30, tx_bytes: 40, latency_ms: null, loss_pct: 100 });
    const hour = z.array(interfaceMetricsSchema).parse((await call('GET', `device/${device.id}/metrics/?minutes=60`)).json());
    expect(hour[0]!.points).toHaveLength(2);
    expect((await call('GET', `device/${device.id}/metrics/`)).statusCode).toBe(200);
    for (const minutes of ['0', '61', 'ten']) expect((await call('GET', `device/${device.id}/metrics/?minutes=${minutes}`)).statusCode).toBe(400);
  });

  it('refuses malformed ids with 400 and unknown ones with 404, changing nothing', async () => {
    expect((await call('POST', 'device/not-a-uuid/approve/')).statusCode).toBe(400);
    expect((await call('GET', `device/${crypto.randomUUID()}/`)).statusCode).toBe(404);
    expect((await call('POST', `device/${crypto.randomUUID()}/deactivate/`)).json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('lets a super admin act inside a tenant, recorded for the owner to see', async () => {
    const device = await addDevice(db(), ids.globex, { approved: false, kind: 'endpoint' });
    expect((await call('POST', `device/${device.id}/approve/`, superToken)).json()).toEqual({ detail: 'Please Select Tenant', code: 'tenant_required' });
    expect((await call('POST', `device/${device.id}/approve/?tid=${ids.acme}`, superToken)).statusCode).toBe(404);
    expect((await call('POST', `device/${device.id}/approve/?tid=${ids.globex}`, superToken)).statusCode).toBe(200);
    const [row] = await auditRows(device.id);
    expect(row).toMatchObject({ tenantId: ids.globex, actorEmail: 'super@demo.test', action: 'device.approved', details: { via_super_admin: true } });
  });
});
