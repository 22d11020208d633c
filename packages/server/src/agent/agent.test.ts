import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deviceJobs, deviceMetrics, devices, tenants } from '../db/schema/index';
import { topics } from '../bus/topics';
import { build, testBackends, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { UPDATE_STATES } from './state-repo';
import { waitFor } from '../test/wait-for';

describe.each(testBackends('pglite'))('device agent gateway on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  const agents: TestAgent[] = [];
  const connect = async () => {
    const a = await TestAgent.connect(t.app);
    agents.push(a);
    return a;
  };
  const deviceRow = async (id: string) => (await t.app.services.db.select().from(devices).where(eq(devices.id, id)))[0];

  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1, offlineAfterSeconds: 2 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  /** Enrols a new gateway of Acme (auto-approve is on by default) and returns its credential. */
  const enrol = async (serial: string) => {
    const a = await connect();
    a.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    const welcome = (await a.next('welcome')) as { state: string; device_id: string; credential: { device_id: string; secret: string } };
    return { agent: a, welcome };
  };

  it('enrols a device with the tenant key, approves it at once and gives it its own credential', async () => {
    const { agent, welcome } = await enrol('SN-ENROL');
    expect(welcome.state).toBe('approved');
    expect(welcome.credential.device_id).toBe(welcome.device_id);
    agent.heartbeat();
    expect(await agent.next('ack')).toEqual({ type: 'ack', seq: 2, duplicate: false });
    const row = await waitFor(async () => {
      const r = await deviceRow(welcome.device_id);
      return r?.lastSeenAt ? r : undefined;
    });
    expect(row).toMatchObject({ tenantId: acme.tenantId, deviceStatus: 'running', publicIp: '203.0.113.10', locationName: 'Chennai', approved: true });
    expect(row.wanStatus).toEqual([{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }]);
    agent.close();

    // Next time it connects with its credential, not the tenant key.
    const again = await connect();
    again.hello({ kind: 'credential', ...welcome.credential });
    const back = await again.next('welcome');
    expect(back).toMatchObject({ state: 'approved', device_id: welcome.device_id });
    expect(back.credential).toBeUndefined();
    again.close();
  });

  it('keeps a device waiting when the tenant does not auto-approve', async () => {
    const globex = await enrolmentKey(t.app, 'Globex');
    await t.app.services.db
      .update(tenants)
      .set({ settings: { devReg_autoApprove: false } })
      .where(eq(tenants.id, globex.tenantId));
    const a = await connect();
    a.hello({ kind: 'enrol', enrolment_key: globex.key }, { serial: 'SN-PENDING', kind: 'endpoint', user: 'ana@globex.test' });
    const welcome = (await a.next('welcome')) as { state: string; device_id: string };
    expect(welcome.state).toBe('pending');
    expect(welcome).not.toHaveProperty('credential');
    const row = await deviceRow(welcome.device_id);
    expect(row).toMatchObject({ approved: false, credentialHash: null, tenantId: globex.tenantId, username: 'ana@globex.test' });

    // Approval (a console call) reaches the waiting connection over the bus, with the credential.
    await t.app.services.bus.publish(topics.device(welcome.device_id), {
      kind: 'approved',
      credential: { device_id: welcome.device_id, secret: 'x'.repeat(43) },
    });
    expect(await a.next('approved')).toMatchObject({ credential: { device_id: welcome.device_id } });
    a.heartbeat({ status: 'connected' });
    expect((await a.next('ack')).duplicate).toBe(false);
    a.close();
  });

  it('refuses a wrong enrolment key or credential with a clear close reason', async () => {
    const a = await connect();
    a.hello({ kind: 'enrol', enrolment_key: 'not-the-key-of-anyone-at-all' });
    expect(await a.closed).toEqual({ code: 4401, reason: 'bad enrolment key or credential' });
    const b = await connect();
    b.hello({ kind: 'credential', device_id: crypto.randomUUID(), secret: 'y'.repeat(43) });
    expect((await b.closed).code).toBe(4401);
  });

  it('refuses to enrol an enrolled identity again with only the tenant key', async () => {
    await enrol('SN-TAKEN');
    const thief = await connect();
    thief.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'SN-TAKEN' });
    expect(await thief.closed).toEqual({ code: 4401, reason: 'bad enrolment key or credential: already enrolled, connect with the device credential' });
  });

  it('closes malformed messages with the reason and keeps serving others', async () => {
    const a = await connect();
    a.sendRaw('{not json');
    expect(await a.closed).toEqual({ code: 4400, reason: 'malformed message: not JSON' });
    const b = await connect();
    b.send({ type: 'hello', protocol: 1, auth: { kind: 'enrol', enrolment_key: acme.key } });
    expect((await b.closed).reason).toMatch(/^malformed message: identity /);
    const { agent } = await enrol('SN-AFTER-BAD');
    agent.send({ type: 'heartbeat', status: 'exploding' });
    expect((await agent.closed).reason).toMatch(/^malformed message: status/);
    const c = await connect();
    c.heartbeat();
    expect((await c.closed).reason).toBe('malformed message: heartbeat before approval');
  });

  it("stores a heartbeat's whole state, nulls and all, for the next REST call", async () => {
    const { agent, welcome } = await enrol('SN-STATE');
    const lb = { status: 'up', tunnel: { status: 'up', interfaces: ['eth0', 'wwan0'] }, mpls: { status: 'down', interfaces: [] } };
    agent.heartbeat({
      seq: 70,
      status: 'modified',
      vpn_ip: '100.64.0.9',
      os: 'OpenWrt 23',
      user: null,
      traffic: ['12', '34'],
      lb_status: lb,
      wan: [
        { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 2 },
        { name: 'LTE', status: 'down', ifname: 'wwan0', weight: 1 },
      ],
      location: { name: "Saint-Étienne l'Ouest", lat: -33.5, lng: 151.25 },
    });
    await agent.next('ack');
    const stored = await waitFor(async () => {
      const r = await deviceRow(welcome.device_id);
      return r?.deviceStatus === 'modified' ? r : undefined;
    });
    expect(stored).toMatchObject({
      publicIp: '203.0.113.10',
      vpnIp: '100.64.0.9',
      os: 'OpenWrt 23',
      username: null,
      traffic: ['12', '34'],
      lbStatus: lb,
      locationName: "Saint-Étienne l'Ouest",
      latitude: -33.5,
      longitude: 151.25,
      lastSeq: 70,
      wanStatus: [
        { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 2 },
        { name: 'LTE', status: 'down', ifname: 'wwan0', weight: 1 },
      ],
    });
    expect(Date.now() - stored.lastSeenAt!.getTime()).toBeLessThan(5_000);
  });

  it('writes heartbeats into no indexed column but the status, in pages with room, so rows are updated in place', async () => {
    // The status changes seldom; every other column here changes with each heartbeat.
    const written = [...UPDATE_STATES.matchAll(/^\s+(\w+) = /gm)].map((m) => m[1]!).filter((c) => c !== 'device_status');
    expect(written).toContain('last_seen_at');
    const { rows } = (await t.app.services.db.execute(sql`select indexdef from pg_indexes where tablename = 'devices'`)) as unknown as {
      rows: { indexdef: string }[];
    };
    const indexed = rows.flatMap((r) =>
      /\(([^)]*)\)/
        .exec(r.indexdef)![1]!
        .split(',')
        .map((c) => c.trim()),
    );
    expect(indexed).toContain('tenant_id');
    expect(indexed.filter((c) => written.includes(c))).toEqual([]);
    const table = (await t.app.services.db.execute(sql`select reloptions from pg_class where relname = 'devices'`)) as unknown as {
      rows: { reloptions: string[] }[];
    };
    expect(table.rows[0]!.reloptions).toContain('fillfactor=80');
  });

  it('stores a replayed message once and says it was a duplicate', async () => {
    const { agent, welcome } = await enrol('SN-DUP');
    const metrics = {
      type: 'metrics',
      seq: 10,
      at: new Date().toISOString(),
      interfaces: [{ ifname: 'eth0', rx_bytes: 100, tx_bytes: 50 }],
      ping: [{ ifname: 'eth0', latency_ms: 12.5, loss_pct: 0 }],
    };
    agent.sendRaw(JSON.stringify(metrics));
    expect(await agent.next('ack')).toEqual({ type: 'ack', seq: 10, duplicate: false });
    agent.sendRaw(JSON.stringify(metrics));
    expect(await agent.next('ack')).toEqual({ type: 'ack', seq: 10, duplicate: true });
    const rows = await t.app.services.db.select().from(deviceMetrics).where(eq(deviceMetrics.deviceId, welcome.device_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ifname: 'eth0', rxBytes: 100, txBytes: 50, latencyMs: 12.5, lossPct: 0 });
  });

  it('delivers jobs, at least once, and applying a result twice is harmless', async () => {
    const { agent, welcome } = await enrol('SN-JOB');
    const jobId = crypto.randomUUID();
    await t.app.services.db.insert(deviceJobs).values({ id: jobId, tenantId: acme.tenantId, deviceId: welcome.device_id, kind: 'reboot' });
    await t.app.services.bus.publish(topics.device(welcome.device_id), { kind: 'job', job_id: jobId });
    expect(await agent.next('job')).toMatchObject({ job_id: jobId, kind: 'reboot' });
    agent.close();

    // Not acknowledged yet: the job comes again on the next connection.
    const again = await connect();
    again.seq = 100;
    again.hello({ kind: 'credential', ...welcome.credential });
    expect(await again.next('job')).toMatchObject({ job_id: jobId });
    again.send({ type: 'job_result', job_id: jobId, ok: true, output: 'rebooting' });
    await again.next('ack');
    again.send({ type: 'job_result', job_id: jobId, ok: false, output: 'late duplicate' });
    await again.next('ack');
    const [job] = await t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.id, jobId));
    expect(job).toMatchObject({ state: 'done', result: 'rebooting' });
  });

  it('gives a device that runs another configuration one full sync job, and none once it is in sync', async () => {
    const { agent, welcome } = await enrol('SN-DRIFT');
    agent.close();
    await t.app.services.db.update(devices).set({ configHash: 'cfg-2' }).where(eq(devices.id, welcome.device_id));
    const again = await connect();
    again.seq = 100;
    again.hello({ kind: 'credential', ...welcome.credential });
    await again.next('welcome');
    again.heartbeat({ config_hash: 'cfg-1' });
    expect(await again.next('ack')).toMatchObject({ duplicate: false });
    expect(await again.next('job')).toMatchObject({ kind: 'full_sync', payload: { config_hash: 'cfg-2' } });
    // Still drifted, but the job is open: no second one.
    again.heartbeat({ config_hash: 'cfg-1' });
    await again.next('ack');
    again.heartbeat({ config_hash: 'cfg-2' });
    await again.next('ack');
    const jobs = await t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, welcome.device_id));
    expect(jobs.map((j) => j.kind)).toEqual(['full_sync']);
  });

  it('marks a silent device offline and a goodbye at once; a new heartbeat brings it back', async () => {
    const { agent, welcome } = await enrol('SN-SILENT');
    agent.heartbeat();
    await agent.next('ack');
    const gone = await waitFor(async () => {
      const r = await deviceRow(welcome.device_id);
      return r?.deviceStatus === 'error' ? r : undefined;
    }, 8000);
    expect(gone.deviceStatus).toBe('error');
    agent.heartbeat();
    await agent.next('ack');
    await waitFor(async () => (await deviceRow(welcome.device_id))?.deviceStatus === 'running');
    agent.close(1000);
    await waitFor(async () => (await deviceRow(welcome.device_id))?.deviceStatus === 'error', 1500);
  });

  it('keeps one connection per device: the newer one replaces the older', async () => {
    const { agent, welcome } = await enrol('SN-TWICE');
    const second = await connect();
    second.hello({ kind: 'credential', ...welcome.credential });
    await second.next('welcome');
    expect(await agent.closed).toEqual({ code: 4409, reason: 'replaced by a newer connection' });
    second.close();
  });

  it('sends a deactivated device away, now and on its next try', async () => {
    const { agent, welcome } = await enrol('SN-DEACT');
    await t.app.services.db.update(devices).set({ active: false }).where(eq(devices.id, welcome.device_id));
    await t.app.services.bus.publish(topics.device(welcome.device_id), { kind: 'deactivated' });
    expect((await agent.closed).code).toBe(4403);
    const again = await connect();
    again.hello({ kind: 'credential', ...welcome.credential });
    expect(await again.closed).toEqual({ code: 4403, reason: 'device deactivated' });
  });
});
