import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { deviceJobs, devices } from '../db/schema/index';
import { build, freshPostgres, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * Two instances on one PostgreSQL, each with a connection of the same device, as in the moment
 * before the newer connection's 'replaced' notice reaches the older one: what both decide at once
 * must still happen once.
 */
describe.skipIf(!postgres)('one device on two instances (needs TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof freshPostgres>>;
  let a: TestApp;
  let b: TestApp;
  const agents: TestAgent[] = [];
  const connect = async (t: TestApp) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    return agent;
  };

  beforeAll(async () => {
    scratch = await freshPostgres();
    // No shared bus: neither instance hears of the other's connection.
    a = await build('postgres', (c) => c, { postgresUrl: scratch.url, seed: true });
    b = await build('postgres', (c) => c, { postgresUrl: scratch.url, seed: false });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const agent of agents) agent.ws.terminate();
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  it('opens one full-sync job for a drifted device that heartbeats on both at the same moment', async () => {
    const { key } = await enrolmentKey(a.app, 'Acme');
    const db = a.app.services.db;
    const ids = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const enrolling = await connect(a);
        enrolling.hello({ kind: 'enrol', enrolment_key: key }, { serial: `SN-TWICE-${i}` });
        const { credential } = (await enrolling.next('welcome')) as { credential: { device_id: string; secret: string } };
        enrolling.close();
        await enrolling.closed;
        await db.update(devices).set({ configHash: 'wanted' }).where(eq(devices.id, credential.device_id));
        const pair = [await connect(a), await connect(b)];
        for (const agent of pair) agent.hello({ kind: 'credential', ...credential }, { serial: `SN-TWICE-${i}` });
        for (const agent of pair) await agent.next('welcome');
        for (const agent of pair) agent.heartbeat({ config_hash: 'running' });
        for (const agent of pair) await agent.next('ack');
        // A heartbeat is acknowledged before its drift is checked. Its resend is answered (a
        // duplicate, nothing else done) only after that check, messages being handled in order:
        // then each connection's drift repair has opened its job, or found one open.
        for (const agent of pair) agent.sendRaw(JSON.stringify({ type: 'heartbeat', seq: agent.seq, status: 'running', config_hash: 'running' }));
        for (const agent of pair) expect(await agent.next('ack')).toEqual({ type: 'ack', seq: agent.seq, duplicate: true });
        return credential.device_id;
      }),
    );
    const open = await db
      .select({ deviceId: deviceJobs.deviceId })
      .from(deviceJobs)
      .where(and(inArray(deviceJobs.deviceId, ids), eq(deviceJobs.kind, 'full_sync'), inArray(deviceJobs.state, ['queued', 'sent'])));
    const perDevice = ids.map((id) => open.filter((j) => j.deviceId === id).length);
    expect(perDevice).toEqual(ids.map(() => 1));
  });
});
