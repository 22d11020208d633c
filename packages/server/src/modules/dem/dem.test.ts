import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createdEnrolmentKeySchema,
  demAffectedUsersSchema,
  demAlarmsSchema,
  demApplicationSchema,
  demOverviewSchema,
  demResultsPageSchema,
  demScoresSchema,
  demSectionSchema,
  demTimeseriesSchema,
  measuresOf,
  scoreResult,
  ztnaServerSchema,
  type DemResult,
} from '@netloom/domain';
import { build, testBackends } from '../../test/build';
import { waitFor } from '../../test/wait-for';
import type { TestAgent } from '../../test/agent-client';
import { applyNext, server, ztnaWorld, type ZtnaWorld } from '../ztna/test-fixtures';

const MIN = 60_000;

describe.each(testBackends('pglite'))('digital experience monitoring on %s', (backend) => {
  let w: ZtnaWorld;
  let ana: { agent: TestAgent; id: string };
  let crm: string;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MIN).toISOString();

  beforeAll(async () => {
    // Endpoints get their sections within a round of the reconcilers: short here.
    w = await ztnaWorld(await build(backend, (c) => ({ ...c, ztna: { reconcileMs: 200 }, webFilter: { reconcileMs: 200 } })));
    const key = createdEnrolmentKeySchema.parse((await w.call('POST', 'tenant/ztna/enrolment-keys/', { name: 'Laptops', reusable: true })).json());
    const { agent, welcome } = await w.hello(key.key, { serial: 'SN-ANA', user: 'viewer@acme.test' });
    agent.heartbeat({ user: 'viewer@acme.test', location: { name: 'Chennai', lat: 13.08, lng: 80.27 } });
    await agent.next('ack');
    await applyNext(agent);
    ana = { agent, id: welcome!.device_id };
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  const result = (over: Partial<DemResult> = {}): DemResult => ({
    test_id: `${crm}:http`,
    application_id: crm,
    at: at(3),
    ok: true,
    status: 200,
    dns_ms: 10,
    connect_ms: 20,
    tls_ms: 40,
    ttfb_ms: 150,
    total_ms: 400,
    latency_ms: 20,
    loss: 0,
    path: 'direct',
    ...over,
    context: { network: 'wifi', wifi_ssid: 'Office', wifi_signal_dbm: -50, cpu_pct: 20, memory_pct: 40, ...over.context },
  });

  it('pushes a monitored application’s tests to the endpoints, synced once applied', async () => {
    const created = await w.call('POST', 'dem/applications/', {
      name: 'CRM',
      kind: 'saas',
      target: { url: 'https://crm.example.com/login' },
      interval_seconds: 120,
    });
    expect(created.statusCode, created.body).toBe(201);
    const app = demApplicationSchema.parse(created.json());
    crm = app.id;
    expect(app).toMatchObject({ tests: { http: true, path: true, availability: true }, thresholds: { alarm_score: 70 } });

    const section = demSectionSchema.parse((await applyNext(ana.agent)).dem);
    expect(section.tests.map((t) => [t.id, t.kind, t.url ?? null, t.host, t.port])).toEqual([
      [`${crm}:http`, 'http', 'https://crm.example.com/login', 'crm.example.com', 443],
      [`${crm}:path`, 'path', null, 'crm.example.com', 443],
      [`${crm}:availability`, 'availability', 'https://crm.example.com/login', 'crm.example.com', 443],
    ]);
    expect(section.tests[0]).toMatchObject({ interval_seconds: 120, timeout_ms: 10_000, name: 'CRM' });
    await waitFor(async () => (await w.call('GET', `device/config/${ana.id}/`)).json().sync?.state === 'synced', 5000);
    expect((await w.call('GET', `device/config/${ana.id}/`)).json()).toMatchObject({ revision: { source: 'dem', message: 'Monitored application CRM added' } });

    // A ZTNA server of the organisation is a target; a change of the tests reaches the endpoint again.
    const git = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server())).json()).id;
    const patched = await w.call('PATCH' as 'PUT', `dem/applications/${crm}/`, { tests: { path: false } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(demSectionSchema.parse((await applyNext(ana.agent)).dem).tests.map((t) => t.kind)).toEqual(['http', 'availability']);
    const gitApp = await w.call('POST', 'dem/applications/', { name: 'Git', kind: 'private', target: { ztna_server_id: git }, tests: { http: false } });
    expect(gitApp.statusCode, gitApp.body).toBe(201);
    const tests = demSectionSchema.parse((await applyNext(ana.agent)).dem).tests;
    expect(tests.filter((t) => t.application_id === gitApp.json().id).map((t) => [t.kind, t.host, t.port])).toEqual([
      ['path', 'git.corp.example', 443],
      ['availability', 'git.corp.example', 443],
    ]);
  });

  it('refuses another organisation’s server as a target (422) and answers 404 for another organisation’s application', async () => {
    const theirs = ztnaServerSchema.parse((await w.call('POST', 'tenant/ztna/servers/', server({ name: 'Wiki' }), 'owner@globex.test')).json()).id;
    const refused = await w.call('POST', 'dem/applications/', { name: 'Wiki', kind: 'private', target: { ztna_server_id: theirs } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'target.ztna_server_id': ['No such ZTNA server.'] });
    for (const method of ['GET', 'DELETE'] as const)
      expect((await w.call(method, `dem/applications/${crm}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await w.call('PATCH' as 'PUT', `dem/applications/${crm}/`, { name: 'Mine' }, 'owner@globex.test')).statusCode).toBe(404);
    expect((await w.call('POST', 'dem/applications/', { name: 'crm', kind: 'saas', target: { url: 'https://x.example/' } })).statusCode).toBe(409);
    expect((await w.call('POST', 'dem/applications/', { name: 'Bad', kind: 'saas', target: { url: 'ftp://x' } })).statusCode).toBe(400);
    expect(
      (await w.call('POST', 'dem/applications/', { name: 'Bad', kind: 'saas', target: { url: 'https://x.example/' } }, 'viewer@acme.test')).statusCode,
    ).toBe(403);
  });

  it('stores an endpoint’s results once per seq, and scores applications, users, locations and networks from them', async () => {
    const healthy = result({ at: at(5) });
    const weak = result({ at: at(2), latency_ms: 280, loss: 4, context: { network: 'wifi', wifi_ssid: 'Office', wifi_signal_dbm: -84 } });
    const wired = result({ at: at(4), ttfb_ms: 1150, context: { network: 'wired' } });
    ana.agent.send({ type: 'dem_results', seq: 1000, results: [healthy, weak, wired] });
    expect(await ana.agent.next('ack')).toMatchObject({ seq: 1000, duplicate: false });
    ana.agent.send({ type: 'dem_results', seq: 1000, results: [healthy, weak, wired] });
    expect(await ana.agent.next('ack')).toMatchObject({ seq: 1000, duplicate: true });

    const expected = [healthy, weak, wired].map((r) => scoreResult(measuresOf(r), r.path).score);
    expect(expected[0]).toBe(100);
    // Wired: no Wi-Fi component. ttfb 1150 ms scores 50 (weight 20 of the 91 measured): (100·71 + 50·20) / 91.
    expect(expected[2]).toBe(89);
    const mean = Math.round((10 * expected.reduce((a, b) => a + b, 0)) / 3) / 10;

    const window = `start_time=${at(60)}&end_time=${at(-1)}`;
    const byApp = demScoresSchema.parse((await w.call('GET', `dem/scores/?by=application&${window}`)).json());
    expect(byApp.results).toEqual([expect.objectContaining({ key: crm, label: 'CRM', samples: 3, score: mean, worst_component: 'wifi' })]);
    expect(byApp.results[0]!.components).toMatchObject({ availability: 100, dns: 100, ttfb: expect.any(Number) });
    const byNetwork = demScoresSchema.parse((await w.call('GET', `dem/scores/?by=network&${window}`)).json()).results;
    expect(byNetwork.map((r) => [r.key, r.samples, r.score])).toEqual(
      [
        ['Office', 2, Math.round(((expected[0]! + expected[1]!) / 2) * 10) / 10],
        ['wired', 1, expected[2]],
      ].sort((a, b) => Number(a[2]) - Number(b[2])),
    );
    const byUser = demScoresSchema.parse((await w.call('GET', `dem/scores/?by=user&${window}`)).json()).results;
    expect(byUser.map((r) => [r.key, r.samples])).toEqual([['viewer@acme.test', 3]]);
    const byLocation = demScoresSchema.parse((await w.call('GET', `dem/scores/?by=location&${window}`)).json()).results;
    expect(byLocation.map((r) => [r.label, r.samples])).toEqual([['Chennai', 3]]);
    const onlyWired = demScoresSchema.parse((await w.call('GET', `dem/scores/?by=application&network=wired&${window}`)).json()).results;
    expect(onlyWired.map((r) => [r.samples, r.score])).toEqual([[1, expected[2]]]);

    const series = demTimeseriesSchema.parse((await w.call('GET', `dem/timeseries/?application_id=${crm}&${window}`)).json());
    expect(series.step_seconds).toBe(60);
    expect(series.points).toHaveLength(3);
    expect(series.points.find((p) => p.wifi_signal_dbm === -84)).toMatchObject({ score: expected[1], latency_ms: 280, loss: 4 });

    const raw = demResultsPageSchema.parse((await w.call('GET', `dem/results/?device_id=${ana.id}&page_size=2&${window}`)).json());
    expect(raw.count).toBe(3);
    expect(raw.results.map((r) => [r.score, r.network, r.wifi_ssid, r.user, r.device_name])).toEqual([
      [expected[1], 'wifi', 'Office', 'viewer@acme.test', 'sn-ana'],
      [expected[2], 'wired', null, 'viewer@acme.test', 'sn-ana'],
    ]);
    expect(raw.results[0]).toMatchObject({ worst_component: 'wifi', cause: 'wifi', kind: 'http' });

    // Another organisation sees none of it.
    const theirs = demOverviewSchema.parse((await w.call('GET', `dem/overview/?${window}`, undefined, 'owner@globex.test')).json());
    expect(theirs).toEqual({ score: null, applications: [], users_affected_now: 0 });
  });

  it('names the users affected now and why: a weak Wi-Fi signal, with an alarm to the channels, and its recovery', async () => {
    const channel = await w.call('POST', 'notification-channels/', { name: 'Ops', kind: 'email', target: 'ops@acme.test', alarm_kinds: ['dem'] });
    expect(channel.statusCode, channel.body).toBe(201);
    const poor = [1, 0.5].map((m) =>
      result({ at: at(m), latency_ms: 290, loss: 5, ttfb_ms: 900, context: { network: 'wifi', wifi_ssid: 'Office', wifi_signal_dbm: -88 } }),
    );
    ana.agent.send({ type: 'dem_results', seq: 1001, results: poor });
    expect(await ana.agent.next('ack')).toMatchObject({ seq: 1001, duplicate: false });
    const affected = demAffectedUsersSchema.parse((await w.call('GET', 'dem/affected-users/')).json()).results;
    expect(affected).toHaveLength(1);
    expect(affected[0]).toMatchObject({
      user: 'viewer@acme.test',
      device_id: ana.id,
      application: { id: crm, name: 'CRM' },
      cause: 'wifi',
      worst_component: 'wifi',
    });
    expect(affected[0]!.score).toBeLessThan(70);
    // The run of poor results began with the weak one two minutes ago (the ones before it were fine or better).
    expect(Date.parse(affected[0]!.since)).toBeLessThanOrEqual(Date.parse(at(0.5)));
    const overview = demOverviewSchema.parse((await w.call('GET', 'dem/overview/')).json());
    expect(overview.users_affected_now).toBe(1);
    expect(overview.applications.find((a) => a.id === crm)).toMatchObject({ samples: 5, availability: 100, worst_component: 'wifi', p50_total_ms: 400 });

    const raised = await waitFor(async () => {
      const list = demAlarmsSchema.parse((await w.call('GET', 'dem/alarms/')).json()).results;
      return list.length > 0 ? list : undefined;
    });
    expect(raised).toEqual([
      expect.objectContaining({
        application_id: crm,
        application: 'CRM',
        device_id: ana.id,
        user: 'viewer@acme.test',
        state: 'Alerting',
        threshold: 70,
        cause: 'wifi',
      }),
    ]);
    expect(raised[0]!.score).toBe(affected[0]!.score);
    const deliveries = await w.call('GET', `notification-channels/${channel.json().id}/deliveries/`);
    expect(deliveries.json().results.map((d: { alarm_id: string; summary: string }) => [d.alarm_id, d.summary])).toEqual([
      [raised[0]!.id, expect.stringContaining('CRM experience under its threshold')],
    ]);
    // Their bell too, and the other organisation's alarms API shows none of it.
    expect((await w.call('GET', 'dem/alarms/', undefined, 'owner@globex.test')).json()).toEqual({ results: [] });

    // Back to a good signal: the next round ends the alarm, and nobody is affected.
    ana.agent.send({ type: 'dem_results', seq: 1002, results: [result({ at: at(0.2) })] });
    expect(await ana.agent.next('ack')).toMatchObject({ seq: 1002, duplicate: false });
    // One result of the new round alone (its interval reaches back two minutes): the two poor ones are in it still.
    ana.agent.send({ type: 'dem_results', seq: 1003, results: [result({ at: new Date(Date.now() + 2.5 * MIN).toISOString() })] });
    expect(await ana.agent.next('ack')).toMatchObject({ seq: 1003, duplicate: false });
    const cleared = await waitFor(async () => {
      const list = demAlarmsSchema.parse((await w.call('GET', 'dem/alarms/')).json()).results;
      return list.length === 2 ? list : undefined;
    });
    expect(cleared.map((a) => [a.state, a.cause])).toEqual([
      ['OK', null],
      ['Alerting', 'wifi'],
    ]);
  });

  it('refuses results from a gateway, and a window that ends before it starts', async () => {
    const bad = await w.call('GET', `dem/scores/?start_time=${at(1)}&end_time=${at(5)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('end_time');
    const { agent } = await w.hello(w.acme.key, { serial: 'GW-1', kind: 'gateway' });
    agent.send({ type: 'dem_results', seq: 1, results: [result()] });
    expect(await agent.closed).toMatchObject({ code: 4400, reason: expect.stringContaining('dem_results is an endpoint message') });
  });
});
