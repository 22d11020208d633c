import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceJobs, deviceMetrics, devices } from '../db/schema/index';
import { topics } from '../bus/topics';
import { build, testBackends, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';

/** Sequence numbers, duplicates and late batches, as devices on flaky links send them. */
describe.each(testBackends('pglite'))('device batches by sequence number on %s', (backend) => {
  let t: TestApp;
  const agents: TestAgent[] = [];
  const connect = async () => {
    const a = await TestAgent.connect(t.app);
    agents.push(a);
    return a;
  };
  const db = () => t.app.services.db;
  const metricsOf = (deviceId: string) => db().select().from(deviceMetrics).where(eq(deviceMetrics.deviceId, deviceId));

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const enrol = async () => {
    const { key } = await enrolmentKey(t.app, 'Acme');
    const agent = await connect();
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: `SN-SEQ-${crypto.randomUUID()}` });
    const welcome = (await agent.next('welcome')) as { device_id: string; credential: { device_id: string; secret: string } };
    return { agent, deviceId: welcome.device_id, credential: welcome.credential };
  };
  const metrics = (seq: number, ifname = 'eth0') => ({
    type: 'metrics',
    seq,
    at: new Date().toISOString(),
    interfaces: [{ ifname, rx_bytes: seq, tx_bytes: seq }],
    ping: [{ ifname: 'wwan0', latency_ms: 20, loss_pct: 0 }],
  });
  const ackOf = async (agent: TestAgent, seq: number) => {
    for (;;) {
      const ack = await agent.next('ack');
      if (ack.seq === seq) return ack;
    }
  };

  it('stores a batch resent on a second connection within the same write once', async () => {
    const { agent, credential, deviceId } = await enrol();
    // The first connection's batch is still queued for the next write when the device, having
    // lost its link, reconnects and sends it again.
    agent.sendRaw(JSON.stringify(metrics(40)));
    const again = await connect();
    again.hello({ kind: 'credential', ...credential });
    await again.next('welcome');
    again.sendRaw(JSON.stringify(metrics(40)));
    expect(await ackOf(again, 40)).toEqual({ type: 'ack', seq: 40, duplicate: true });
    const rows = await metricsOf(deviceId);
    expect(rows.map((r) => r.ifname).sort()).toEqual(['eth0', 'wwan0']);
  });

  it('stores late batches it never saw (7, 9, then 8) and calls only a real repeat a duplicate', async () => {
    const { agent, deviceId } = await enrol();
    for (const seq of [7, 9, 8]) {
      agent.sendRaw(JSON.stringify(metrics(seq, `if${seq}`)));
      expect(await ackOf(agent, seq)).toEqual({ type: 'ack', seq, duplicate: false });
    }
    agent.sendRaw(JSON.stringify(metrics(8, 'if8')));
    expect(await ackOf(agent, 8)).toEqual({ type: 'ack', seq: 8, duplicate: true });
    const rows = await metricsOf(deviceId);
    expect(
      rows
        .filter((r) => r.ifname !== 'wwan0')
        .map((r) => r.ifname)
        .sort(),
    ).toEqual(['if7', 'if8', 'if9']);
    expect(rows.filter((r) => r.ifname === 'wwan0')).toHaveLength(3);
  });

  it('remembers stored batches across connections', async () => {
    const { agent, credential, deviceId } = await enrol();
    agent.sendRaw(JSON.stringify(metrics(60)));
    await ackOf(agent, 60);
    agent.close();
    const again = await connect();
    again.hello({ kind: 'credential', ...credential });
    await again.next('welcome');
    again.sendRaw(JSON.stringify(metrics(59)));
    expect(await ackOf(again, 59)).toMatchObject({ duplicate: false });
    again.sendRaw(JSON.stringify(metrics(60)));
    expect(await ackOf(again, 60)).toMatchObject({ duplicate: true });
    expect(await metricsOf(deviceId)).toHaveLength(4);
  });

  it('never lets an older heartbeat overwrite newer state, and says nothing of it was stored', async () => {
    const { agent, deviceId } = await enrol();
    agent.heartbeat({ seq: 30, os: 'newer' });
    await ackOf(agent, 30);
    agent.heartbeat({ seq: 29, os: 'older' });
    expect(await ackOf(agent, 29)).toEqual({ type: 'ack', seq: 29, duplicate: true });
    // A metrics batch with a higher seq in between does not make the next heartbeat old.
    agent.sendRaw(JSON.stringify(metrics(35)));
    await ackOf(agent, 35);
    agent.heartbeat({ seq: 32, os: 'newest' });
    expect(await ackOf(agent, 32)).toMatchObject({ duplicate: false });
    await expect.poll(async () => (await db().select().from(devices).where(eq(devices.id, deviceId)))[0]!.os, { timeout: 3000 }).toBe('newest');
  });

  it('applies a job result that arrives after newer messages', async () => {
    const { agent, deviceId } = await enrol();
    const jobId = crypto.randomUUID();
    await db()
      .insert(deviceJobs)
      .values({ id: jobId, tenantId: (await enrolmentKey(t.app, 'Acme')).tenantId, deviceId, kind: 'diagnostics' });
    await t.app.services.bus.publish(topics.device(deviceId), { kind: 'job', job_id: jobId });
    await agent.next('job');
    agent.heartbeat({ seq: 50 });
    await ackOf(agent, 50);
    // Sent before the heartbeat, delivered after it.
    agent.sendRaw(JSON.stringify({ type: 'job_result', seq: 49, job_id: jobId, ok: true, output: 'all good' }));
    expect(await ackOf(agent, 49)).toEqual({ type: 'ack', seq: 49, duplicate: false });
    const [job] = await db().select().from(deviceJobs).where(eq(deviceJobs.id, jobId));
    expect(job).toMatchObject({ state: 'done', result: 'all good' });
    agent.sendRaw(JSON.stringify({ type: 'job_result', seq: 49, job_id: jobId, ok: false, output: 'again' }));
    expect(await ackOf(agent, 49)).toEqual({ type: 'ack', seq: 49, duplicate: true });
  });
});
