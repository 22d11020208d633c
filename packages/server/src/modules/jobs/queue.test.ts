import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { waitFor } from '../../test/wait-for';
import type { ClosedJob, JobOwner, SentJob } from './index';

describe.each(testBackends('pglite'))('the job queue on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  const agents: TestAgent[] = [];
  /** The owner of reboot jobs, as the composition root would register one (reboots have none of their own). */
  const heard = { closed: [] as ClosedJob[], answered: [] as ClosedJob[], sent: [] as SentJob[] };
  const owner: JobOwner = {
    closed: async (_tx, jobs) => void heard.closed.push(...jobs),
    answered: async (job) => void heard.answered.push(job),
    sent: async (jobs) => void heard.sent.push(...jobs),
  };

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    t.app.services.jobs.handle('reboot', owner);
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    const welcome = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: welcome.device_id };
  };
  const enqueue = (purpose: 'reboot' | 'status', deviceId: string, payload: Record<string, unknown> = {}) =>
    t.app.services.db.transaction((tx) => t.app.services.jobs.enqueue(tx, purpose, [{ tenantId: acme.tenantId, deviceId, payload }]));

  it("delivers announced jobs, closes each once on the device's answer and tells the purpose's owner", async () => {
    const { agent, id } = await gateway('SN-JOBS-1');
    const [a, b] = [...(await enqueue('reboot', id)), ...(await enqueue('reboot', id))];
    // Queued beside each other: a reboot request is never merged with another.
    expect(a!.id).not.toBe(b!.id);
    await t.app.services.jobs.announce([a!, b!]);
    // (A product's configuration may reach the new gateway too: only these two are looked at.)
    await waitFor(async () => agent.received.filter((m) => m.type === 'job' && (m.job_id === a!.id || m.job_id === b!.id)).length === 2);
    await waitFor(async () => heard.sent.filter((j) => j.deviceId === id).length === 2);

    agent.send({ type: 'job_result', job_id: a!.id, ok: true, output: 'all good' });
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    agent.send({ type: 'job_result', job_id: a!.id, ok: true, output: 'all good' });
    expect(await agent.next('ack')).toMatchObject({ duplicate: true });
    expect(heard.closed.filter((j) => j.id === a!.id)).toMatchObject([{ state: 'done', result: 'all good', deviceId: id }]);
    expect(heard.answered.map((j) => j.id)).toContain(a!.id);
    // Only a purpose that allows it can be undone: a reboot cannot.
    agent.send({ type: 'config_reverted', job_id: a!.id, config_hash: null, reason: 'no' });
    expect(await agent.next('ack')).toMatchObject({ duplicate: true });

    // The device leaves the inventory: its open job is withdrawn, and its owner hears so.
    await t.app.services.db.transaction((tx) => t.app.services.jobs.expire(tx, [id], 'removed'));
    expect(heard.closed.filter((j) => j.id === b!.id)).toMatchObject([{ state: 'cancelled', result: 'removed' }]);
    expect(await t.app.services.jobs.listOpen(t.app.services.db, id)).toEqual([]);
  });

  it('answers a status request with the open one of the same kind, and queues another kind beside it', async () => {
    const { id } = await gateway('SN-JOBS-2');
    const [routes] = await enqueue('status', id, { kind: 'routes' });
    const [again] = await enqueue('status', id, { kind: 'routes' });
    const [leases] = await enqueue('status', id, { kind: 'dhcp' });
    expect(routes).toMatchObject({ created: true });
    expect(again).toEqual({ ...routes, created: false });
    expect(leases!.id).not.toBe(routes!.id);
    expect((await t.app.services.jobs.listOpen(t.app.services.db, id)).map((j) => j.id)).toEqual([routes!.id, leases!.id]);
  });
});
