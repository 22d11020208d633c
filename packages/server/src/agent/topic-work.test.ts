import { afterEach, describe, expect, it, vi } from 'vitest';
import { topics } from '../bus/topics';
import { build, testBackends, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';

/**
 * What a device's topic starts (a job announced by a REST call or a drift repair, on any
 * instance) runs beside the socket's messages: its failure is the connection's to handle, and a
 * closing server waits for it before its database goes. Never an unhandled rejection.
 */
describe.each(testBackends('pglite'))('work started by a device topic message on %s', (backend) => {
  let t: TestApp;
  const agents: TestAgent[] = [];

  const online = async () => {
    const { key } = await enrolmentKey(t.app, 'Acme');
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: `SN-TOPIC-${agents.length}` });
    const welcome = (await agent.next('welcome')) as { device_id: string };
    return { agent, deviceId: welcome.device_id };
  };
  const announce = (deviceId: string) => t.app.services.bus.publish(topics.device(deviceId), { kind: 'job', job_id: crypto.randomUUID() });

  const start = async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  };
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const a of agents.splice(0)) a.ws.terminate();
    await t?.close();
  });

  it('closes the connection when delivering an announced job fails (1011, logged), and 1013 when the database is away', async () => {
    await start();
    const errors: string[] = [];
    vi.spyOn(t.app.log, 'error').mockImplementation(((obj: unknown, msg?: string) => void errors.push(msg ?? String(obj))) as never);
    const takeAnnounced = vi.spyOn(t.app.services.jobs, 'takeAnnounced');

    takeAnnounced.mockRejectedValueOnce(new Error('a fault of the job queue'));
    const broken = await online();
    await announce(broken.deviceId);
    expect(await broken.agent.closed).toEqual({ code: 1011, reason: 'internal error' });
    expect(errors).toContain('device topic message failed');

    takeAnnounced.mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    const away = await online();
    await announce(away.deviceId);
    expect((await away.agent.closed).code).toBe(1013);
  });

  it('finishes a job delivery under way before the app closes (and its database with it)', async () => {
    await start();
    const queue = t.app.services.jobs;
    const original = queue.takeAnnounced.bind(queue);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const steps: string[] = [];
    let started!: () => void;
    const underWay = new Promise<void>((r) => (started = r));
    vi.spyOn(queue, 'takeAnnounced').mockImplementation(async (deviceId, jobId) => {
      started();
      await gate;
      // Still a statement on the app's database: it must be open yet.
      const job = await original(deviceId, jobId);
      steps.push('delivery done');
      return job;
    });
    const { deviceId } = await online();
    await announce(deviceId);
    await underWay;

    const closing = t.app.close().then(() => steps.push('app closed'));
    // Closing waits for the delivery, however long it takes: nothing here races the clock.
    expect(await Promise.race([closing.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still closing'), 300))])).toBe('still closing');
    release();
    await closing;
    expect(steps).toEqual(['delivery done', 'app closed']);
  });
});
