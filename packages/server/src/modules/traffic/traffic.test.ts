import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CLOSE, FLOWS_BATCH_MAX, flowsAnswerSchema, trafficAnswerSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { flowRecord } from './test-records';

describe.each(testBackends('pglite'))('traffic analytics on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let globexTenant: string;
  const tokens: Record<string, string> = {};
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    globexTenant = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['viewer@acme.test', 'admin@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const gateway = async (serial: string, name = serial.toLowerCase()) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name });
    const { device_id } = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: device_id };
  };
  const chart = async (graph: string, body: Record<string, unknown> = {}, who = 'viewer@acme.test', path = `sdwan/netflow/${graph}/`) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${path}`, headers: bearer(tokens[who]!), payload: { tenant_id: acme.tenantId, timeduration: 60, ...body } });

  it('stores a batch once however often it is sent, answers at once to heartbeats behind it, and ranks what it holds', async () => {
    const { agent, id } = await gateway('SN-FLOW-1');
    const records = [
      flowRecord({ application: 'www.youtube.com', dst_bytes: 5_000_000 }),
      flowRecord({ application: 'zoom.us', dst_ip: '3.7.35.1', src_ip: '192.168.1.21', dst_bytes: 2_000_000 }),
      flowRecord({ dst_port: 22, dst_ip: '88.198.1.1', dst_bytes: 100_000 }),
    ];
    agent.send({ type: 'flows', records });
    const seq = agent.seq;
    agent.heartbeat();
    // The heartbeat behind the batch is answered first: the batch waits for the analytics write, the heartbeat does not.
    const first = await agent.next('ack');
    expect(first.seq).toBe(seq + 1);
    expect(await agent.next('ack')).toMatchObject({ seq, duplicate: false });
    agent.sendRaw(JSON.stringify({ type: 'flows', seq, records }));
    expect(await agent.next('ack')).toMatchObject({ seq, duplicate: true });

    const apps = trafficAnswerSchema.parse((await chart('top-applications')).json());
    expect(apps.level).toBe('minute');
    expect(apps.results.map((r) => [r.key, r.value])).toEqual([
      ['YouTube', 5_001_000],
      ['Zoom', 2_001_000],
      ['SSH', 101_000],
    ]);
    const countries = trafficAnswerSchema.parse((await chart('top-destination-countries')).json());
    expect(countries.results[0]).toMatchObject({ key: 'US', label: 'United States' });
    const talkers = trafficAnswerSchema.parse((await chart('top-talkers')).json());
    expect(talkers.results).toEqual([expect.objectContaining({ key: id, device_name: 'sn-flow-1', value: 7_103_000 })]);
    // On the device's page, Top Talkers are the hosts behind it.
    const hosts = trafficAnswerSchema.parse((await chart('top-talkers', {}, 'viewer@acme.test', `sdwan/netflow/device/${id}/top-talkers/`)).json());
    expect(hosts.results.map((r) => r.address)).toEqual(['192.168.1.20', '192.168.1.21']);
    const ports = trafficAnswerSchema.parse((await chart('top-server-ports', { top_count: 1, series: true })).json());
    expect(ports.results.map((r) => r.key)).toEqual(['TCP/443', 'Other']);
    expect(ports.series?.series.map((s) => s.key)).toEqual(['TCP/443', 'Other']);
    expect(ports.series?.series[0]?.values.reduce((a, b) => a + b, 0)).toBe(7_002_000);
  });

  it('narrows every chart to a device group', async () => {
    const owner = (await login(t.app, 'owner@acme.test')).access;
    const group = async (name: string) =>
      String((await t.app.inject({ method: 'POST', url: `/api/v1/network/list/?tid=${acme.tenantId}`, headers: bearer(owner), payload: { name } })).json().id);
    const branches = await group('Flow branches');
    const empty = await group('Flow nobody');
    const apps = trafficAnswerSchema.parse((await chart('top-talkers')).json());
    const exporter = apps.results[0]!.device_id!;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/network/${branches}/devices/?tid=${acme.tenantId}`,
      headers: bearer(owner),
      payload: { device_ids: [exporter] },
    });
    expect(moved.statusCode).toBe(200);
    const inGroup = trafficAnswerSchema.parse((await chart('top-applications', { network_id: branches })).json());
    expect(inGroup.results.map((r) => r.key)).toEqual(['YouTube', 'Zoom', 'SSH']);
    expect(trafficAnswerSchema.parse((await chart('top-applications', { network_id: empty })).json()).results).toEqual([]);
  });

  it('opens the flows behind a bar, with search and paging (for owners and admins: flows are personal browsing data)', async () => {
    const zoom = flowsAnswerSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/sdwan/netflow/flows/',
          headers: bearer(tokens['admin@acme.test']!),
          payload: { tenant_id: acme.tenantId, timeduration: 60, graph: 'top-applications', key: 'Zoom' },
        })
      ).json(),
    );
    expect(zoom.count).toBe(1);
    expect(zoom.results[0]).toMatchObject({ application: 'Zoom', site: 'zoom.us', dst_ip: '3.7.35.1', device_name: 'sn-flow-1', protocol: 'TCP' });
    const searched = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdwan/netflow/flows/',
      headers: bearer(tokens['admin@acme.test']!),
      payload: { tenant_id: acme.tenantId, timeduration: 60, search: '88.198', limit: 1 },
    });
    expect(flowsAnswerSchema.parse(searched.json())).toMatchObject({ count: 1, results: [{ application: 'SSH' }] });
  });

  it("ranks users per application, applications per user, and one user's applications", async () => {
    const { agent } = await gateway('SN-FLOW-USERS');
    agent.send({
      type: 'flows',
      records: [
        flowRecord({ application: 'zoom.us', user: 'ana@acme.test', dst_bytes: 300_000, src_bytes: 0 }),
        flowRecord({ application: 'www.youtube.com', user: 'ana@acme.test', dst_bytes: 100_000, src_bytes: 0 }),
        flowRecord({ application: 'zoom.us', user: 'ben@acme.test', dst_bytes: 50_000, src_bytes: 0 }),
      ],
    });
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    const perAppRes = await chart('top-user-per-application');
    expect(perAppRes.statusCode, perAppRes.body).toBe(200);
    const perApp = trafficAnswerSchema.parse(perAppRes.json());
    expect(perApp.results.find((r) => r.key === 'Zoom')?.top_users?.buckets).toEqual([
      { key: 'ana@acme.test', total_bytes: { value: 300_000 } },
      { key: 'ben@acme.test', total_bytes: { value: 50_000 } },
    ]);
    const perUser = trafficAnswerSchema.parse((await chart('top-application-per-user')).json());
    expect(perUser.results[0]).toMatchObject({ key: 'ana@acme.test', value: 400_000 });
    expect(perUser.results[0]?.applications?.buckets.map((b) => b.key)).toEqual(['Zoom', 'YouTube']);
    const ana = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdwan/netflow/user-data/',
      headers: bearer(tokens['admin@acme.test']!),
      payload: { tenant_id: acme.tenantId, timeduration: 60, top_count: 1, user: 'ana@acme.test' },
    });
    expect(ana.statusCode, ana.body).toBe(200);
    expect(trafficAnswerSchema.parse(ana.json())).toMatchObject({
      total_bytes: 400_000,
      results: [
        { key: 'Zoom', value: 300_000 },
        { key: 'Other', value: 100_000 },
      ],
    });
  });

  it("never shows one tenant's flows to another", async () => {
    const asGlobex = await chart('top-applications', { tenant_id: globexTenant }, 'owner@globex.test');
    expect(trafficAnswerSchema.parse(asGlobex.json()).results).toEqual([]);
    expect((await chart('top-applications', {}, 'owner@globex.test')).statusCode).toBe(404);
    const { id } = await gateway('SN-FLOW-2');
    const other = await chart('top-talkers', { tenant_id: globexTenant }, 'owner@globex.test', `sdwan/netflow/device/${id}/top-talkers/`);
    expect(other.statusCode).toBe(404);
    const flows = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdwan/netflow/flows/',
      headers: bearer(tokens['owner@globex.test']!),
      payload: { tenant_id: globexTenant, timeduration: 1440, device_id: id },
    });
    expect(flows.statusCode).toBe(404);
  });

  it('closes a device that sends a malformed or oversized batch and stores nothing of it', async () => {
    const before = trafficAnswerSchema.parse((await chart('top-applications')).json()).total_bytes;
    for (const records of [
      [flowRecord({ application: 'www.bbc.co.uk' }), { ...flowRecord(), src_ip: 'not-an-ip' }],
      Array.from({ length: FLOWS_BATCH_MAX + 1 }, () => flowRecord({ application: 'www.bbc.co.uk' })),
    ]) {
      const { agent } = await gateway(`SN-BAD-${records.length}`);
      agent.send({ type: 'flows', records });
      expect((await agent.closed).code).toBe(AGENT_CLOSE.malformed.code);
    }
    expect(trafficAnswerSchema.parse((await chart('top-applications')).json()).total_bytes).toBe(before);
  });

  it('ranks two gateways of one name as two talkers, each labelled with its serial, even when only one is in the top', async () => {
    const one = await gateway('SN-SAME-1', 'branch');
    const two = await gateway('SN-SAME-2', 'BRANCH');
    // Far more than any other gateway of the suite, so that both lead the ranking.
    for (const [g, bytes] of [
      [one, 90_000_000],
      [two, 80_000_000],
    ] as const) {
      g.agent.send({ type: 'flows', records: [flowRecord({ application: 'zoom.us', dst_bytes: bytes, src_bytes: 0 })] });
      expect(await g.agent.next('ack')).toMatchObject({ duplicate: false });
    }
    const talkers = trafficAnswerSchema.parse((await chart('top-talkers', { top_count: 2, series: true })).json());
    expect(talkers.results.slice(0, 2)).toEqual([
      expect.objectContaining({
        key: one.id,
        device_id: one.id,
        device_name: 'branch',
        device_serial: 'SN-SAME-1',
        label: 'branch · SN-SAME-1',
        value: 90_000_000,
      }),
      expect.objectContaining({
        key: two.id,
        device_id: two.id,
        device_name: 'BRANCH',
        device_serial: 'SN-SAME-2',
        label: 'BRANCH · SN-SAME-2',
        value: 80_000_000,
      }),
    ]);
    // The series are per device too, so a chart draws two lines, not one merged 'branch'.
    expect(talkers.series?.series.map((s) => s.key).slice(0, 2)).toEqual([one.id, two.id]);
    // A top 1 shows one 'branch' of the two: the serial still says which.
    const top1 = trafficAnswerSchema.parse((await chart('top-talkers', { top_count: 1 })).json());
    expect(top1.results[0]).toMatchObject({ key: one.id, label: 'branch · SN-SAME-1' });
    const flows = flowsAnswerSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/sdwan/netflow/flows/',
          headers: bearer(tokens['admin@acme.test']!),
          payload: { tenant_id: acme.tenantId, timeduration: 60, graph: 'top-talkers', key: two.id },
        })
      ).json(),
    );
    expect(flows.results[0]).toMatchObject({ device_id: two.id, device_name: 'BRANCH', device_label: 'BRANCH · SN-SAME-2' });
    // A name of its own is left as it is.
    const apps = flowsAnswerSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/sdwan/netflow/flows/',
          headers: bearer(tokens['admin@acme.test']!),
          payload: { tenant_id: acme.tenantId, timeduration: 60, graph: 'top-applications', key: 'SSH' },
        })
      ).json(),
    );
    expect(apps.results[0]).toMatchObject({ device_name: 'sn-flow-1', device_label: 'sn-flow-1' });

    // One of the two leaves the inventory: its traffic still counts, as a removed device with its serial; the other is 'branch' alone again.
    const unclaimed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/device/${two.id}/unclaim/?tid=${acme.tenantId}`,
      headers: bearer(tokens['admin@acme.test']!),
    });
    expect(unclaimed.statusCode, unclaimed.body).toBe(200);
    const after = trafficAnswerSchema.parse((await chart('top-talkers', { top_count: 2 })).json());
    expect(after.results.slice(0, 2)).toEqual([
      expect.objectContaining({ key: one.id, device_id: one.id, label: 'branch' }),
      expect.objectContaining({ key: two.id, device_name: 'Removed device', label: 'Removed device · SN-SAME-2' }),
    ]);
    expect(after.results[1]).not.toHaveProperty('device_id');
  });

  it('refuses a chart it does not know and a body outside the spec’s choices', async () => {
    expect((await chart('top-urls')).statusCode).toBe(400);
    expect((await chart('top-sites', { timeduration: 30 })).statusCode).toBe(400);
    expect((await chart('top-sites', { top_count: 0 })).statusCode).toBe(400);
    expect((await chart('top-sites', { network_id: crypto.randomUUID() })).statusCode).toBe(404);
  });
});

describe('flow ingest under overload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('pglite', (c) => ({ ...c, analytics: { ...c.analytics, maxQueuedRecords: 1_000 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('tells devices busy rather than dropping, and stores every batch once they resend', async () => {
    const acme = await enrolmentKey(t.app, 'Acme');
    const agent = await TestAgent.connect(t.app);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'SN-BUSY', name: 'busy' });
    await agent.next('welcome');
    // The first fills the queue: the next are refused before they are even parsed.
    const batches = [1000, 800, 800].map((n) => ({ seq: ++agent.seq, records: Array.from({ length: n }, () => flowRecord({ dst_bytes: 1 })) }));
    for (const b of batches) agent.sendRaw(JSON.stringify({ type: 'flows', ...b }));
    const answered = () => agent.received.filter((m) => (m.type === 'ack' || m.type === 'busy') && batches.some((b) => b.seq === m.seq));
    // Timeouts as generous as a busy machine needs: what is tested is the answer, not its speed.
    await expect.poll(() => answered().length, { timeout: 20_000 }).toBe(3);
    const busy = answered().filter((a) => a.type === 'busy');
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toMatchObject({ retry_after_ms: expect.any(Number) });
    // As a device does: resend after the pause it was told, again while the answer is busy.
    for (const b of busy) {
      const batch = JSON.stringify({ type: 'flows', ...batches.find((x) => x.seq === b.seq) });
      const acked = () => agent.received.find((m) => m.type === 'ack' && m.seq === b.seq);
      for (let tries = 0; !acked() && tries < 20; tries++) {
        const before = agent.received.length;
        agent.sendRaw(batch);
        await expect.poll(() => agent.received.slice(before).some((m) => m.seq === b.seq), { timeout: 20_000 }).toBe(true);
        if (!acked()) await new Promise((r) => setTimeout(r, Number(b.retry_after_ms ?? 100)));
      }
      expect(acked()).toMatchObject({ duplicate: false });
    }
    const owner = (await login(t.app, 'owner@acme.test')).access;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdwan/netflow/top-applications/',
      headers: bearer(owner),
      payload: { tenant_id: acme.tenantId, timeduration: 60 },
    });
    expect(trafficAnswerSchema.parse(res.json()).results[0]?.flows).toBe(2_600);
    // What was shed is in the server's metrics.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const shed = agent.received.filter((m) => m.type === 'busy' && batches.some((b) => b.seq === m.seq)).length;
    expect(metrics).toContain(`netloom_flow_batches_shed_total ${shed}`);
    expect(metrics).toContain('netloom_flow_records_stored_total 2600');
    agent.ws.terminate();
  });
});
