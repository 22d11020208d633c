import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiErrorSchema, diagnosticRunSchema, latestDiagnosticSchema, type DiagnosticLiveEvent } from '@netloom/domain';
import { auditLog, deviceJobs, diagnosticRuns } from '../../db/schema/index';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';

describe.each(testBackends('pglite'))('gateway diagnostics on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  const tokens: Record<string, string> = {};
  const agents: TestAgent[] = [];
  const consoles: TestConsole[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    for (const who of ['editor@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const c of consoles) c.close();
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge ${serial}` });
    const { device_id: id } = (await agent.next('welcome')) as { device_id: string };
    return { agent, id };
  };
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/device/diagnostics/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const nextJob = async (agent: TestAgent) => {
    for (;;) {
      const job = await agent.next('job');
      if (job.kind === 'diagnostics') return job as { job_id: string; payload: Record<string, unknown> };
    }
  };
  const watch = async (deviceId: string) => {
    const c = await TestConsole.open(t.app, `/ws/status/${acme.tenantId}/${deviceId}?feed=diagnostics`, tokens['viewer@acme.test']);
    consoles.push(c);
    // Signed in once the socket has been handed to the feed: the first run event is only known after that.
    await new Promise((r) => setTimeout(r, 300));
    return c;
  };
  const events = (c: TestConsole) => c.messages as unknown as DiagnosticLiveEvent[];

  it('runs a ping on the gateway, streams its output to the console as it comes, keeps it for a late reader and audits it', async () => {
    const { agent, id } = await gateway('SN-DIAG-1');
    const console = await watch(id);
    const started = await call('editor@acme.test', 'POST', `${id}/`, { kind: 'ping', host: '8.8.8.8', count: 2 });
    expect(started.statusCode).toBe(202);
    const run = diagnosticRunSchema.parse(started.json());
    expect(run).toMatchObject({ kind: 'ping', state: 'running', params: { host: '8.8.8.8', count: 2, interval_s: 1 }, started_by: 'editor@acme.test' });

    const job = await nextJob(agent);
    expect(job).toMatchObject({ job_id: run.id, payload: { kind: 'ping', host: '8.8.8.8', count: 2, time_limit_s: 17 } });
    agent.send({ type: 'job_output', job_id: run.id, chunk: 0, data: 'PING 8.8.8.8 56(84) bytes of data.\n' });
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    await console.waitFor((m) => (m as unknown as DiagnosticLiveEvent).kind === 'diagnostic_output');
    agent.send({ type: 'job_output', job_id: run.id, chunk: 1, data: '64 bytes from 8.8.8.8: icmp_seq=1 ttl=117 time=12.1 ms\n' });
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    // A resent piece is kept once.
    agent.send({ type: 'job_output', job_id: run.id, chunk: 1, data: '64 bytes from 8.8.8.8: icmp_seq=1 ttl=117 time=12.1 ms\n' });
    expect(await agent.next('ack')).toMatchObject({ duplicate: true });

    // A page opened now reads what came so far.
    const late = latestDiagnosticSchema.parse((await call('viewer@acme.test', 'GET', `${id}/`)).json());
    expect(late.run).toMatchObject({ id: run.id, state: 'running', chunks: 2, output: expect.stringContaining('icmp_seq=1') });
    expect(late.run!.output.match(/icmp_seq=1/g)).toHaveLength(1);

    agent.send({ type: 'job_result', job_id: run.id, ok: true, output: '2 packets transmitted, 2 received' });
    await agent.next('ack');
    await console.waitFor((m) => {
      const e = m as unknown as DiagnosticLiveEvent;
      return e.kind === 'diagnostic_run' && e.run.state === 'done';
    });
    const outputs = events(console).filter((e) => e.kind === 'diagnostic_output');
    expect(outputs.map((e) => e.kind === 'diagnostic_output' && e.chunk)).toEqual([0, 1, 2]);
    const done = diagnosticRunSchema.parse((await call('viewer@acme.test', 'GET', `${id}/${run.id}/`)).json());
    expect(done).toMatchObject({ state: 'done', end_reason: '--- done: 2 packets transmitted, 2 received ---' });
    expect(done.output.endsWith('--- done: 2 packets transmitted, 2 received ---\n')).toBe(true);

    const [entry] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.diagnostic'), eq(auditLog.target, id)));
    expect(entry).toMatchObject({ actorEmail: 'editor@acme.test', details: { run_id: run.id, kind: 'ping', host: '8.8.8.8', count: 2 } });
  });

  it('runs one diagnostic at a time per device, and stops one on request: the device stops and says so', async () => {
    const { agent, id } = await gateway('SN-DIAG-2');
    const run = diagnosticRunSchema.parse((await call('editor@acme.test', 'POST', `${id}/`, { kind: 'traceroute', host: 'example.com' })).json());
    const second = await call('editor@acme.test', 'POST', `${id}/`, { kind: 'dns', name: 'example.com' });
    expect(second.statusCode).toBe(409);
    expect(apiErrorSchema.parse(second.json())).toMatchObject({ code: 'diagnostic_running' });

    await nextJob(agent);
    const stop = await call('editor@acme.test', 'POST', `${id}/${run.id}/stop/`);
    expect(stop.statusCode).toBe(202);
    expect(await agent.next('job_stop')).toMatchObject({ job_id: run.id, reason: '--- stopped by editor@acme.test ---' });
    agent.send({ type: 'job_output', job_id: run.id, chunk: 0, data: 'traceroute stopped after 3 hops\n' });
    await agent.next('ack');
    agent.send({ type: 'job_result', job_id: run.id, ok: true, output: 'stopped' });
    await agent.next('ack');
    const stopped = diagnosticRunSchema.parse((await call('viewer@acme.test', 'GET', `${id}/${run.id}/`)).json());
    expect(stopped).toMatchObject({ state: 'stopped', end_reason: '--- stopped by editor@acme.test ---' });
    expect(stopped.output).toBe('traceroute stopped after 3 hops\n--- stopped by editor@acme.test ---\n');
    expect((await call('editor@acme.test', 'POST', `${id}/${run.id}/stop/`)).json()).toMatchObject({ code: 'not_running' });
    // Ended: the next one may start.
    expect((await call('editor@acme.test', 'POST', `${id}/`, { kind: 'dns', name: 'example.com' })).statusCode).toBe(202);
  });

  it('stops a run past its output limit or its time limit, with a line saying why, and tells the device to stop', async () => {
    const { agent, id } = await gateway('SN-DIAG-3');
    const run = diagnosticRunSchema.parse((await call('editor@acme.test', 'POST', `${id}/`, { kind: 'ping', host: '8.8.8.8', count: 100 })).json());
    await nextJob(agent);
    const piece = `${'x'.repeat(16_383)}\n`;
    for (let chunk = 0; chunk < 17; chunk++) {
      agent.send({ type: 'job_output', job_id: run.id, chunk, data: piece });
      await agent.next('ack');
    }
    expect(await agent.next('job_stop')).toMatchObject({ job_id: run.id, reason: '--- stopped: output limit of 256 KB reached ---' });
    const limited = diagnosticRunSchema.parse((await call('viewer@acme.test', 'GET', `${id}/${run.id}/`)).json());
    expect(limited).toMatchObject({ state: 'limited', end_reason: '--- stopped: output limit of 256 KB reached ---', chunks: 17 });
    expect(limited.output.length).toBeLessThanOrEqual(256 * 1024 + 100);
    // The device's late answer changes nothing.
    agent.send({ type: 'job_result', job_id: run.id, ok: true, output: 'done' });
    expect(await agent.next('ack')).toMatchObject({ duplicate: true });

    const timed = diagnosticRunSchema.parse((await call('editor@acme.test', 'POST', `${id}/`, { kind: 'dns', name: 'example.com' })).json());
    await nextJob(agent);
    // Its deadline passes (as if the device had gone quiet for 15 s).
    await t.app.services.db
      .update(diagnosticRuns)
      .set({ deadlineAt: new Date(Date.now() - 1000) })
      .where(eq(diagnosticRuns.id, timed.id));
    const read = diagnosticRunSchema.parse((await call('viewer@acme.test', 'GET', `${id}/`)).json().run);
    expect(read).toMatchObject({ id: timed.id, state: 'limited', end_reason: '--- stopped: time limit of 15 s reached ---' });
    expect(await agent.next('job_stop')).toMatchObject({ job_id: timed.id });
  });

  it('ends a run past its time limit that no timer ended (its server restarted), without anyone reading it', async () => {
    const { agent, id } = await gateway('SN-DIAG-9');
    const run = diagnosticRunSchema.parse((await call('editor@acme.test', 'POST', `${id}/`, { kind: 'dns', name: 'example.com' })).json());
    await nextJob(agent);
    await t.app.services.db
      .update(diagnosticRuns)
      .set({ deadlineAt: new Date(Date.now() - 1000) })
      .where(eq(diagnosticRuns.id, run.id));
    // The sweep every instance runs: the device hears it is over.
    expect(await t.app.services.diagnostics.endOverdue()).toBeGreaterThanOrEqual(1);
    expect(await agent.next('job_stop')).toMatchObject({ job_id: run.id, reason: '--- stopped: time limit of 15 s reached ---' });
    const [row] = await t.app.services.db.select().from(diagnosticRuns).where(eq(diagnosticRuns.id, run.id));
    expect(row).toMatchObject({ state: 'limited' });
    expect(await t.app.services.diagnostics.endOverdue()).toBe(0);
  });

  it("stops at once a run its device was never sent (it is offline), and keeps another device's output out of it", async () => {
    const { agent, id } = await gateway('SN-DIAG-7');
    const { agent: other } = await gateway('SN-DIAG-8');
    agent.close();
    await agent.closed;
    const run = diagnosticRunSchema.parse((await call('editor@acme.test', 'POST', `${id}/`, { kind: 'ping', host: '8.8.8.8' })).json());
    // Another gateway cannot write into it.
    other.send({ type: 'job_output', job_id: run.id, chunk: 0, data: 'forged\n' });
    expect(await other.next('ack')).toMatchObject({ duplicate: true });
    const stop = await call('editor@acme.test', 'POST', `${id}/${run.id}/stop/`);
    expect(diagnosticRunSchema.parse(stop.json())).toMatchObject({ state: 'stopped', output: '--- stopped by editor@acme.test ---\n' });
    // Its job is withdrawn: nothing runs when the gateway comes back.
    const [job] = await t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.id, run.id));
    expect(job).toMatchObject({ state: 'cancelled' });
  });

  it('keeps a capture file the device uploads in parts and serves it as <device>-<time>.pcap', async () => {
    const { agent, id } = await gateway('SN-DIAG-4');
    const run = diagnosticRunSchema.parse(
      (await call('editor@acme.test', 'POST', `${id}/`, { kind: 'capture', interface: 'eth0', filter: 'icmp or udp port 53' })).json(),
    );
    expect((await nextJob(agent)).payload).toMatchObject({ filter: '(icmp or udp port 53)' });
    expect((await call('viewer@acme.test', 'GET', `${id}/${run.id}/capture/`)).statusCode).toBe(404);
    const file = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    agent.send({ type: 'job_artifact', job_id: run.id, offset: 0, data: file.subarray(0, 200).toString('base64'), last: false });
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    // A part at the wrong offset (a resend) is not kept twice.
    agent.send({ type: 'job_artifact', job_id: run.id, offset: 0, data: file.subarray(0, 200).toString('base64'), last: false });
    expect(await agent.next('ack')).toMatchObject({ duplicate: true });
    agent.send({ type: 'job_artifact', job_id: run.id, offset: 200, data: file.subarray(200).toString('base64'), last: true });
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    agent.send({ type: 'job_result', job_id: run.id, ok: true, output: '12 packets captured' });
    await agent.next('ack');

    const download = await call('viewer@acme.test', 'GET', `${id}/${run.id}/capture/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="edge_SN-DIAG-4-\d{8}T\d{6}Z\.pcap"$/);
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(diagnosticRunSchema.parse((await call('viewer@acme.test', 'GET', `${id}/${run.id}/`)).json()).artifact_bytes).toBe(300);
  });

  it('lets only editors and up start or stop one, refuses bad parameters and another tenant, and checks a throughput peer', async () => {
    const { id } = await gateway('SN-DIAG-5');
    const { id: peer } = await gateway('SN-DIAG-6');
    const viewer = await call('viewer@acme.test', 'POST', `${id}/`, { kind: 'ping', host: '8.8.8.8' });
    expect(viewer.statusCode).toBe(403);
    const bad = await call('editor@acme.test', 'POST', `${id}/`, { kind: 'capture', interface: 'eth0', filter: 'tcp; reboot' });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).errors).toHaveProperty('filter');
    expect((await call('editor@acme.test', 'POST', `${id}/`, { kind: 'ping', host: '8.8.8.8', count: 101 })).statusCode).toBe(400);
    const self = await call('editor@acme.test', 'POST', `${id}/`, { kind: 'throughput', peer_device_id: id });
    expect(self.json()).toMatchObject({ code: 'invalid', errors: { peer_device_id: [expect.any(String)] } });
    expect((await call('owner@globex.test', 'POST', `${id}/`, { kind: 'ping', host: '8.8.8.8' })).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'GET', `${id}/`)).statusCode).toBe(404);
    const ok = await call('editor@acme.test', 'POST', `${id}/`, { kind: 'throughput', peer_device_id: peer, duration_s: 5 });
    expect(ok.statusCode).toBe(202);
    const runId = ok.json().id as string;
    expect((await call('viewer@acme.test', 'POST', `${id}/${runId}/stop/`)).statusCode).toBe(403);
    expect((await call('owner@globex.test', 'GET', `${id}/${runId}/`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'GET', `${id}/${runId}/capture/`)).statusCode).toBe(404);
    expect((await t.app.services.db.select().from(diagnosticRuns).where(eq(diagnosticRuns.deviceId, id))).length).toBe(1);
  });
});
