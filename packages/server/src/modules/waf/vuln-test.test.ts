import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  packVulnReport,
  wafApplicationSchema,
  wafEdgeSchema,
  wafTestedVulnerabilitySchema,
  wafVulnJobSchema,
  wafVulnRunDetailSchema,
  wafVulnRunSchema,
  type WafVulnFinding,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

/** shop.acme.test points at the edge (its DNS check passes); other.acme.test nowhere. */
const DNS: Record<string, string[]> = { 'shop.acme.test': ['203.0.113.10'] };
const OPENAPI = [
  'openapi: 3.0.3',
  'info: { title: Shop API, version: 1.0.0 }',
  'paths:',
  '  /orders/{id}:',
  '    get:',
  '      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]',
  "      responses: { '200': { description: An order } }",
  '  /status:',
  '    get:',
  "      responses: { '200': { description: Up } }",
].join('\n');
const ALICE = 'Bearer alice-test-token';
const BOB = 'Bearer bob-test-token';

const finding: WafVulnFinding = {
  check: 'bola',
  severity: 'critical',
  owasp: 'API1:2023',
  owasp_name: 'Broken Object Level Authorization',
  title: 'Account B read an object of account A',
  method: 'GET',
  path: '/orders/42',
  template: '/orders/{id}',
  status: 200,
  excerpt: '{"id":42}',
  hint: 'Check ownership',
};

describe.each(testBackends('pglite'))('QShield vulnerability testing on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let globexTenant: string;
  const tokens: Record<string, string> = {};
  let edge: TestAgent;
  let edgeId: string;
  let otherEdgeId: string;
  const agents: TestAgent[] = [];
  let shop: string;
  let unverified: string;
  let seq = 500;

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown, who = 'owner@acme.test', tenant = acme.tenantId) =>
    t.app.inject({
      method,
      url: `/api/v1/${path}?tenant_id=${tenant}`,
      headers: bearer(tokens[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const start = (over: Record<string, unknown> = {}, who = 'owner@acme.test') =>
    call(
      'POST',
      'waap/api-security/vuln-tests/',
      { application_id: shop, edge_id: edgeId, account_a: ALICE, account_b: BOB, sample_params: { id: '42' }, rate_per_s: 5, ...over },
      who,
    );
  const connect = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: serial.toLowerCase(), kind: 'gateway', device_type: 'waf-edge' });
    const id = ((await agent.next('welcome')) as { device_id: string }).device_id;
    agent.heartbeat();
    await agent.next('ack');
    return { agent, id };
  };
  /** The edge's next vulnerability-test job (configuration pushes for the applications come too). */
  const nextTest = async () => {
    for (;;) {
      const job = await edge.next('job');
      if (job.kind === 'waf_vuln_test') return job;
    }
  };
  const answer = async (jobId: string, output: string, ok = true) => {
    seq += 1;
    edge.send({ type: 'job_result', seq, job_id: jobId, ok, output });
    await edge.next('ack');
  };

  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, waf: { ...c.waf, addressLookup: async (name) => DNS[name] ?? [] } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    globexTenant = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['owner@acme.test', 'editor@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
    ({ agent: edge, id: edgeId } = await connect('EDGE-VT'));
    otherEdgeId = (await connect('EDGE-OTHER')).id;
    // The heartbeat's public address is written a moment after its ack: the DNS check looks for it.
    for (let i = 0; i < 100; i++) {
      const edges = wafEdgeSchema.array().parse((await call('GET', 'waap/devices/')).json());
      if (edges.find((e) => e.id === edgeId)?.public_ip) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const onboard = async (name: string, domain: string) => {
      const created = await call('POST', 'waap/domains/', {
        name,
        domains: [domain],
        origins: [{ url: 'http://10.0.0.5:8080', weight: 1 }],
        health_check: { path: '/health', interval_s: 30 },
        tls_mode: 'none',
        edge_ids: [edgeId],
      });
      expect(created.statusCode, created.body).toBe(201);
      return wafApplicationSchema.parse(created.json()).id;
    };
    shop = await onboard('Shop', 'shop.acme.test');
    unverified = await onboard('Other', 'other.acme.test');
    expect(wafApplicationSchema.parse((await call('POST', `waap/domains/${shop}/dns-check/`)).json()).dns.verified).toBe(true);
    expect(wafApplicationSchema.parse((await call('POST', `waap/domains/${unverified}/dns-check/`)).json()).dns.verified).toBe(false);
    expect((await call('PUT', `waap/domains/${unverified}/openapi/`, { document: OPENAPI })).statusCode).toBe(200);
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  it('refuses a test of an application not proved, not documented, from an edge not serving it, or by someone not an owner or admin', async () => {
    expect((await start({}, 'editor@acme.test')).statusCode).toBe(403);
    const notProved = await start({ application_id: unverified });
    expect([notProved.statusCode, notProved.json().code]).toEqual([409, 'dns_not_verified']);
    const undocumented = await start();
    expect([undocumented.statusCode, undocumented.json().code]).toEqual([409, 'no_document']);
    expect((await call('PUT', `waap/domains/${shop}/openapi/`, { document: OPENAPI })).statusCode).toBe(200);
    const notServing = await start({ edge_id: otherEdgeId });
    expect([notServing.statusCode, notServing.json().code]).toEqual([409, 'edge_not_serving']);
    const foreign = await start({ application_id: crypto.randomUUID() });
    expect(foreign.statusCode).toBe(422);
    const oneAccount = await start({ account_b: null });
    expect(oneAccount.statusCode).toBe(400);
    expect(oneAccount.json().errors).toEqual({ account_b: ['Broken object-level authorisation needs two test accounts (A and B)'] });
    expect((await start({ rate_per_s: 50 })).statusCode).toBe(400);
  });

  it('sends the plan to the edge, one test at a time, and stores its findings on the run and in events/vulnerabilities', async () => {
    const started = await start();
    expect(started.statusCode, started.body).toBe(201);
    const run = wafVulnRunDetailSchema.parse(started.json());
    expect(run).toMatchObject({ application: 'Shop', edge: 'edge-vt', accounts: { a: 'set', b: 'set' }, found: [] });
    expect(started.body).not.toContain('alice-test-token');
    const job = await nextTest();
    expect(job).toMatchObject({ job_id: run.id, kind: 'waf_vuln_test' });
    const payload = wafVulnJobSchema.parse(job.payload);
    expect(payload).toMatchObject({
      origin: 'http://10.0.0.5:8080',
      host: 'shop.acme.test',
      rate_per_s: 5,
      accounts: { a: { secret: ALICE }, b: { secret: BOB } },
    });
    expect(payload.plan.filter((p) => p.check === 'bola').map((p) => `${p.as} ${p.path}`)).toEqual(['a /orders/42', 'b /orders/42']);
    expect(run.planned).toBe(payload.plan.length);

    const again = await start();
    expect([again.statusCode, again.json().code]).toEqual([409, 'vuln_test_running']);
    // The edge tells its progress as the job's output; the list shows it.
    seq += 1;
    edge.send({ type: 'job_output', seq, job_id: run.id, chunk: 0, data: JSON.stringify({ sent: 5 }) });
    expect(await edge.next('ack')).toMatchObject({ seq, duplicate: false });
    const listed = wafVulnRunSchema.array().parse((await call('GET', 'waap/api-security/vuln-tests/', undefined, 'viewer@acme.test')).json());
    expect(listed.map((r) => [r.id, r.state, r.sent, r.planned])).toEqual([[run.id, 'running', 5, payload.plan.length]]);

    await answer(run.id, packVulnReport({ sent: payload.plan.length, stopped: null, findings: [finding] }));
    seq += 1;
    edge.send({ type: 'job_output', seq, job_id: run.id, chunk: 1, data: JSON.stringify({ sent: 6 }) });
    expect(await edge.next('ack')).toMatchObject({ seq, duplicate: true });
    const done = wafVulnRunDetailSchema.parse((await call('GET', `waap/api-security/vuln-tests/${run.id}/`)).json());
    expect(done).toMatchObject({ state: 'done', sent: payload.plan.length, findings: 1, found: [finding] });
    const tested = wafTestedVulnerabilitySchema.array().parse((await call('GET', 'waap/events/vulnerabilities/tested/')).json());
    expect(tested).toEqual([{ ...finding, application_id: shop, application: 'Shop', run_id: run.id, tested_at: done.ended_at }]);

    expect((await call('GET', `waap/api-security/vuln-tests/${run.id}/`, undefined, 'owner@globex.test', globexTenant)).statusCode).toBe(404);
    expect((await call('GET', 'waap/events/vulnerabilities/tested/', undefined, 'owner@globex.test', globexTenant)).json()).toEqual([]);
  });

  it('cancels a running test: the edge is told to stop and what it found so far is kept', async () => {
    const run = wafVulnRunDetailSchema.parse((await start({ checks: ['auth'], account_b: null })).json());
    await nextTest();
    const cancel = await call('POST', `waap/api-security/vuln-tests/${run.id}/cancel/`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await edge.next('job_stop')).toMatchObject({ job_id: run.id });
    await answer(run.id, packVulnReport({ sent: 1, stopped: 'stopped', findings: [] }));
    const ended = wafVulnRunDetailSchema.parse((await call('GET', `waap/api-security/vuln-tests/${run.id}/`)).json());
    expect(ended).toMatchObject({ state: 'cancelled', sent: 1, end_reason: 'Cancelled by owner@acme.test', accounts: { a: 'set', b: null } });
    expect((await call('POST', `waap/api-security/vuln-tests/${run.id}/cancel/`)).statusCode).toBe(409);
    // The newest finished run is what events/vulnerabilities shows: this one found nothing.
    expect((await call('GET', 'waap/events/vulnerabilities/tested/')).json()).toEqual([]);
  });
});
