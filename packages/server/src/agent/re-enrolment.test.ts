import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEVICE_PATHS } from '@netloom/domain';
import { deviceJobs, deviceMetrics, devices, tenants } from '../db/schema/index';
import { bearer, build, login, testBackends, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { DeviceStateWriter } from './state-writer';

/** What a device removed or deactivated in the console can still do with its key or old credential. */
describe.each(testBackends('concurrent writes'))('removed and deactivated devices on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let acme: { tenantId: string; key: string };
  const agents: TestAgent[] = [];
  const connect = async () => {
    const a = await TestAgent.connect(t.app);
    agents.push(a);
    return a;
  };
  const db = () => t.app.services.db;
  const deviceRow = async (id: string) => (await db().select().from(devices).where(eq(devices.id, id)))[0]!;
  const autoApprove = (on: boolean) =>
    db()
      .update(tenants)
      .set({ settings: { devReg_autoApprove: on } })
      .where(eq(tenants.id, acme.tenantId));
  const act = (action: 'unclaim' | 'deactivate' | 'restart', id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${DEVICE_PATHS[action](id)}`, headers: bearer(owner) });

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    owner = (await login(t.app, 'owner@acme.test')).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  type Welcome = { state: string; device_id: string; credential?: { device_id: string; secret: string } };
  const enrol = async (serial: string, identity: Record<string, string> = {}) => {
    const agent = await connect();
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, ...identity });
    return { agent, welcome: (await agent.next('welcome')) as Welcome };
  };
  const helloWith = async (credential: { device_id: string; secret: string }) => {
    const agent = await connect();
    agent.hello({ kind: 'credential', ...credential });
    return agent;
  };

  it('enrols one device when two first hellos of a new serial race: the other is told to try again later (1013), not an internal error', async () => {
    const outcome = (agent: TestAgent) => Promise.race([agent.next('welcome').then(() => 'welcome'), agent.closed.then((c) => c.code)]);
    // Eight pairs at once (the per-address cap of sockets not yet past their hello is 20), so that some pair's inserts meet.
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const [a, b] = [await connect(), await connect()];
        for (const agent of [a, b]) agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: `SN-RACE-${i}` });
        return Promise.all([outcome(a), outcome(b)]);
      }),
    );
    for (const outcomes of pairs) {
      expect(outcomes).not.toContain(1011);
      expect(outcomes).toContain('welcome');
    }
    const rows = await db().select().from(devices).where(eq(devices.tenantId, acme.tenantId));
    expect(rows.filter((r) => r.serial.startsWith('SN-RACE-'))).toHaveLength(8);
  });

  it('enrols a removed device as a new one: pending, without a credential, when the tenant does not auto-approve', async () => {
    await autoApprove(true);
    const first = await enrol('SN-REMOVED', { name: 'edge-old' });
    expect(first.welcome.state).toBe('approved');
    first.agent.heartbeat({ seq: 500 });
    await first.agent.next('ack');
    await autoApprove(false);

    expect((await act('unclaim', first.welcome.device_id)).statusCode).toBe(200);
    expect((await first.agent.closed).code).toBe(4410);
    // The old credential opens nothing any more.
    expect(await (await helloWith(first.welcome.credential!)).closed).toMatchObject({ code: 4401 });

    const again = await enrol('SN-REMOVED', { name: 'edge-new' });
    expect(again.welcome).toMatchObject({ state: 'pending', device_id: first.welcome.device_id });
    expect(again.welcome).not.toHaveProperty('credential');
    expect(await deviceRow(first.welcome.device_id)).toMatchObject({ approved: false, claimed: true, credentialHash: null, name: 'edge-new' });
    expect(await (await helloWith(first.welcome.credential!)).closed).toMatchObject({ code: 4401 });
    again.agent.heartbeat();
    expect((await again.agent.closed).reason).toBe('malformed message: heartbeat before approval');
  });

  it('gives a removed device a new credential when the tenant auto-approves, and starts its sequence numbers afresh', async () => {
    await autoApprove(true);
    const first = await enrol('SN-REMOVED-AUTO');
    first.agent.seq = 1_000;
    first.agent.send({ type: 'metrics', at: new Date().toISOString(), interfaces: [{ ifname: 'eth0', rx_bytes: 1, tx_bytes: 1 }] });
    first.agent.heartbeat();
    await first.agent.next('ack');
    await first.agent.next('ack');
    await expect.poll(async () => (await deviceRow(first.welcome.device_id)).lastSeq, { timeout: 3000 }).toBe(1_002);
    expect((await act('unclaim', first.welcome.device_id)).statusCode).toBe(200);
    await first.agent.closed;

    // Reinstalled: its counter starts over.
    const again = await enrol('SN-REMOVED-AUTO');
    expect(again.welcome.state).toBe('approved');
    expect(again.welcome.credential!.secret).not.toBe(first.welcome.credential!.secret);
    expect(await (await helloWith(first.welcome.credential!)).closed).toMatchObject({ code: 4401 });
    again.agent.send({ type: 'metrics', at: new Date().toISOString(), interfaces: [{ ifname: 'eth0', rx_bytes: 2, tx_bytes: 2 }] });
    expect(await again.agent.next('ack')).toMatchObject({ seq: 2, duplicate: false });
    again.agent.heartbeat({ os: 'reinstalled' });
    expect(await again.agent.next('ack')).toMatchObject({ seq: 3, duplicate: false });
  });

  it('refuses a deactivated device with its credential and with the tenant key, and changes nothing of it', async () => {
    await autoApprove(false);
    const pending = await enrol('SN-DEACT-PENDING');
    expect(pending.welcome.state).toBe('pending');
    expect((await act('deactivate', pending.welcome.device_id)).statusCode).toBe(200);
    expect((await pending.agent.closed).code).toBe(4403);
    await autoApprove(true);
    const retry = await connect();
    retry.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'SN-DEACT-PENDING' });
    expect(await retry.closed).toEqual({ code: 4403, reason: 'device deactivated' });
    expect(retry.received).toEqual([]);
    expect(await deviceRow(pending.welcome.device_id)).toMatchObject({ approved: false, active: false, credentialHash: null });

    const approved = await enrol('SN-DEACT-APPROVED');
    expect((await act('deactivate', approved.welcome.device_id)).statusCode).toBe(200);
    expect((await approved.agent.closed).code).toBe(4403);
    expect(await (await helloWith(approved.welcome.credential!)).closed).toEqual({ code: 4403, reason: 'device deactivated' });
  });

  it("cancels a removed device's open jobs with the unclaim: enrolled again, it is sent none of them", async () => {
    await autoApprove(true);
    const first = await enrol('SN-REMOVED-JOBS');
    first.agent.close();
    await first.agent.closed;
    // Queued while the device is away, so nothing has delivered it yet.
    const restart = await act('restart', first.welcome.device_id);
    expect(restart.statusCode).toBe(202);
    const jobId = (restart.json() as { job_id: string }).job_id;
    expect((await act('unclaim', first.welcome.device_id)).statusCode).toBe(200);
    const [job] = await db().select().from(deviceJobs).where(eq(deviceJobs.id, jobId));
    expect(job).toMatchObject({ state: 'cancelled', result: 'device removed from its tenant' });

    const again = await enrol('SN-REMOVED-JOBS');
    expect(again.welcome.state).toBe('approved');
    // Jobs go out right after the welcome, before the next message is answered.
    again.agent.heartbeat();
    await again.agent.next('ack');
    expect(again.agent.received.filter((m) => m.type === 'job')).toEqual([]);
    // A late result from the earlier life closes nothing.
    again.agent.send({ type: 'job_result', job_id: jobId, ok: true, output: 'rebooting' });
    expect(await again.agent.next('ack')).toMatchObject({ duplicate: true });
    expect((await db().select().from(deviceJobs).where(eq(deviceJobs.id, jobId)))[0]!.state).toBe('cancelled');
  });

  it("writes nothing of a device's earlier enrolment once it enrolled again (its old connection's last flush)", async () => {
    await autoApprove(true);
    const first = await enrol('SN-REMOVED-LATE');
    const id = first.welcome.device_id;
    first.agent.seq = 700;
    first.agent.heartbeat({ os: 'earlier life' });
    await first.agent.next('ack');
    await expect.poll(async () => (await deviceRow(id)).lastSeq, { timeout: 3000 }).toBe(701);
    // What the old connection holds in memory, still to be written when the device is removed and back.
    const earlier = await deviceRow(id);
    expect((await act('unclaim', id)).statusCode).toBe(200);
    await first.agent.closed;
    const again = await enrol('SN-REMOVED-LATE');
    expect(again.welcome.state).toBe('approved');

    const writer = new DeviceStateWriter(db(), t.app.log, 5);
    await writer.writeState({ ...earlier, os: 'earlier life, late', lastSeq: 900 });
    const late = await writer.writeMetrics({
      deviceId: id,
      enrolment: earlier.enrolment,
      seq: 3,
      rows: [{ at: new Date(), ifname: 'late0', rxBytes: 1, txBytes: 1, latencyMs: null, lossPct: null }],
    });
    await writer.close();
    expect(late).toBe(false);
    expect(await deviceRow(id)).toMatchObject({ lastSeq: -1, os: 'NetloomOS' });

    // The reinstalled agent counts from 1 again, and all of it is stored.
    again.agent.heartbeat({ os: 'reinstalled' });
    expect(await again.agent.next('ack')).toMatchObject({ seq: 2, duplicate: false });
    again.agent.send({ type: 'metrics', at: new Date().toISOString(), interfaces: [{ ifname: 'eth0', rx_bytes: 5, tx_bytes: 5 }] });
    expect(await again.agent.next('ack')).toMatchObject({ seq: 3, duplicate: false });
    await expect.poll(async () => deviceRow(id), { timeout: 3000 }).toMatchObject({ lastSeq: 2, os: 'reinstalled' });
    expect((await db().select().from(deviceMetrics).where(eq(deviceMetrics.deviceId, id))).map((m) => m.ifname)).toEqual(['eth0']);
  });
});
