import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import {
  SECRET_MASK,
  threatListSchema,
  wafApplicationSchema,
  wafAttackPageSchema,
  wafApiDocumentSchema,
  wafApiInventoryRowSchema,
  wafBotSummarySchema,
  wafDiscoveredEndpointSchema,
  wafComplianceSchema,
  wafEdgeSchema,
  wafLogPageSchema,
  wafPolicyRevisionSchema,
  wafPolicyViewSchema,
  wafProviderEdgeSchema,
  wafSectionSchema,
  wafSummarySchema,
  wafVulnerabilityRowSchema,
  type WafAttack,
  type WafRequest,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

/** What the lab's DNS answers: shop.acme.test points at the edge, the other domain nowhere. */
const DNS: Record<string, string[]> = { 'shop.acme.test': ['203.0.113.10'] };

const application = (over: Record<string, unknown> = {}) => ({
  name: 'Shop',
  domains: ['shop.acme.test'],
  origins: [{ url: 'http://10.0.0.5:8080', weight: 1 }],
  health_check: { path: '/health', interval_s: 30 },
  tls_mode: 'none',
  edge_ids: [] as string[],
  ...over,
});

const attack = (over: Partial<WafAttack> = {}): WafAttack => ({
  at: new Date().toISOString(),
  application_id: null,
  request_id: 'r-1',
  host: 'shop.acme.test',
  client_ip: '198.51.100.7',
  method: 'GET',
  path: "/search?q=1' OR '1'='1",
  status: 403,
  action: 'blocked',
  anomaly_score: 5,
  rules: [
    {
      id: 942100,
      message: 'SQL Injection Attack Detected via libinjection',
      data: "Matched Data: s&sos found within ARGS:q: 1' OR '1'='1",
      tags: ['attack-sqli'],
      severity: 2,
    },
    { id: 949110, message: 'Inbound Anomaly Score Exceeded (Total Score: 5)', data: '', tags: [], severity: 2 },
  ],
  user_agent: 'curl/8.0',
  ...over,
});

const request = (over: Partial<WafRequest> = {}): WafRequest => ({
  at: new Date().toISOString(),
  application_id: null,
  request_id: 'r-0',
  host: 'shop.acme.test',
  client_ip: '198.51.100.7',
  method: 'GET',
  path: '/',
  status: 200,
  bytes: 1200,
  elapsed_ms: 4,
  user_agent: 'Mozilla/5.0',
  ...over,
});

describe.each(testBackends('pglite'))('QShield WAF on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let globexTenant: string;
  const tokens: Record<string, string> = {};
  const agents: TestAgent[] = [];
  let edge: { agent: TestAgent; id: string };

  beforeAll(async () => {
    // The threat-intel feed is served on loopback here: the operator lets the server reach private addresses.
    t = await build(backend, (c) => ({
      ...c,
      waf: { ...c.waf, addressLookup: async (name) => DNS[name] ?? [] },
      notifications: { ...c.notifications, allowPrivateTargets: true },
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    globexTenant = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['owner@acme.test', 'viewer@acme.test', 'owner@globex.test', 'super@demo.test']) tokens[who] = (await login(t.app, who)).access;
    edge = await device('EDGE-1', 'waf-edge');
    // The heartbeat's public address is written a moment after its ack: the DNS records name it.
    for (let i = 0; i < 100; i++) {
      const [e] = wafEdgeSchema.array().parse((await call('GET', 'waap/devices/')).json());
      if (e?.public_ip) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, who = 'owner@acme.test', tenant = acme.tenantId) =>
    t.app.inject({
      method,
      url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenant}`,
      headers: bearer(tokens[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  async function device(serial: string, deviceType?: string) {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello(
      { kind: 'enrol', enrolment_key: acme.key },
      { serial, name: serial.toLowerCase(), kind: 'gateway', ...(deviceType ? { device_type: deviceType } : {}) },
    );
    const { device_id } = (await agent.next('welcome')) as { device_id: string };
    agent.heartbeat();
    await agent.next('ack');
    return { agent, id: device_id };
  }
  /** Applies the next push as an edge does, answering with the hash it now runs; its `waf` section. */
  const applyNext = async (agent: TestAgent) => {
    const job = (await agent.next('job', 10_000)) as { job_id: string; kind: string; payload: { document: Record<string, unknown>; config_hash: string } };
    expect(job.kind).toBe('apply_config');
    agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: job.payload.config_hash });
    await agent.next('ack');
    return wafSectionSchema.parse(job.payload.document.waf);
  };

  let shop: string;

  it('onboards an application on the edge it names: the edge is pushed the application with a blocking default policy', async () => {
    const edges = wafEdgeSchema.array().parse((await call('GET', 'auth/waf-waf-pops/')).json());
    expect(edges.map((e) => [e.name, e.shared])).toEqual([['edge-1', false]]);
    expect(wafEdgeSchema.array().parse((await call('GET', 'waap/devices/')).json())).toHaveLength(1);

    const bad = await call('POST', 'waap/domains/', application({ domains: ['not a domain'], origins: [{ url: 'ftp://x' }] }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['domains.0', 'origins.0.url']));
    const notEdge = await call('POST', 'waap/domains/', application({ edge_ids: [acme.tenantId] }));
    expect(notEdge.statusCode).toBe(422);
    expect(notEdge.json().errors).toEqual({ edge_ids: ['Not a WAF edge of this organisation or a shared POP'] });
    expect((await call('POST', 'waap/domains/', application(), 'viewer@acme.test')).statusCode).toBe(403);
    expect((await call('GET', 'waap/domains/')).json()).toEqual([]);

    const created = await call('POST', 'waap/domains/', application({ edge_ids: [edge.id] }));
    expect(created.statusCode, created.body).toBe(201);
    const app = wafApplicationSchema.parse(created.json());
    shop = app.id;
    expect(app).toMatchObject({
      mode: 'blocking',
      policy_revision: 1,
      dns: { records: [{ name: 'shop.acme.test', type: 'A', value: '203.0.113.10' }], verified: null },
    });
    const section = await applyNext(edge.agent);
    expect(section.applications).toHaveLength(1);
    expect(section.applications[0]).toMatchObject({ id: shop, domains: ['shop.acme.test'], tls: null, policy: { mode: 'blocking', paranoia_level: 1 } });

    // A domain is protected by one organisation only.
    const theirs = await call('POST', 'waap/domains/', application({ name: 'Copy' }), 'owner@globex.test', globexTenant);
    expect(theirs.statusCode).toBe(409);
    expect((await call('GET', `waap/domains/${shop}/`, undefined, 'owner@globex.test', globexTenant)).statusCode).toBe(404);
    expect((await call('DELETE', `waap/domains/${shop}/`, undefined, 'owner@globex.test', globexTenant)).statusCode).toBe(404);
  });

  it('checks whether each domain points at a serving edge, and serves HTTPS with a self-signed certificate for a lab', async () => {
    const checked = wafApplicationSchema.parse((await call('POST', `waap/domains/${shop}/dns-check/`)).json());
    expect(checked.dns).toMatchObject({ verified: true, detail: [{ domain: 'shop.acme.test', addresses: ['203.0.113.10'], ok: true }] });
    const both = await call(
      'PUT',
      `waap/domains/${shop}/`,
      application({ domains: ['shop.acme.test', 'www.acme.test'], edge_ids: [edge.id], tls_mode: 'self_signed' }),
    );
    const app = wafApplicationSchema.parse(both.json());
    expect(app.dns.verified).toBeNull();
    expect(app.certificate?.subject).toContain('shop.acme.test');
    const section = await applyNext(edge.agent);
    expect(section.applications[0]!.tls?.certificate).toContain('BEGIN CERTIFICATE');
    expect(section.applications[0]!.tls?.key).toContain('BEGIN PRIVATE KEY');
    // The edge is sent the key; a person reading the edge's configuration never is.
    const config = await call('GET', `device/config/${edge.id}/`);
    expect(config.statusCode, config.body).toBe(200);
    const shown = config.json() as { document: { waf: { applications: { tls: { key: string } }[] } } };
    expect(shown.document.waf.applications[0]!.tls.key).toBe(SECRET_MASK);
    const again = wafApplicationSchema.parse((await call('POST', `waap/domains/${shop}/dns-check/`)).json());
    expect(again.dns).toMatchObject({ verified: false });
    expect(again.dns.detail.find((d) => d.domain === 'www.acme.test')).toMatchObject({ addresses: [], ok: false });
    // An uploaded certificate must be the key's and cover the domains; nothing changes otherwise.
    const mismatched = await call(
      'PUT',
      `waap/domains/${shop}/`,
      application({
        edge_ids: [edge.id],
        tls_mode: 'upload',
        certificate: section.applications[0]!.tls!.certificate,
        key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      }),
    );
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().errors.certificate[0]).toMatch(/key/);
    expect(wafApplicationSchema.parse((await call('GET', `waap/domains/${shop}/`)).json()).tls_mode).toBe('self_signed');
  });

  it('keeps every policy as a revision pushed to the edge, refuses a custom rule outside the checked SecLang, rolls back and round-trips policy as code', async () => {
    const current = wafPolicyViewSchema.parse((await call('GET', `waap/domains/${shop}/policy/`)).json());
    const evil = { ...current.policy, custom_rules: [{ name: 'Shell', rule: `SecRule ARGS "@contains x" "id:1001,phase:2,deny,exec:/bin/sh"` }] };
    const refused = await call('PUT', `waap/domains/${shop}/policy/`, { policy: evil });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['policy.custom_rules.0.rule']).toEqual(['exec is not an action custom rules may take']);

    const stricter = {
      ...current.policy,
      paranoia_level: 2,
      exclusions: [{ rule_id: 942100, tag: null, path: '/search', parameter: 'q', note: 'Search terms' }],
      custom_rules: [{ name: 'No admin', rule: `SecRule REQUEST_URI "@beginsWith /admin" "id:1001,phase:1,deny,status:403,msg:'No admin'"` }],
      rate_limits: [{ path: '/login', requests_per_minute: 30 }],
    };
    const saved = await call('PUT', `waap/domains/${shop}/policy/`, { policy: stricter, message: 'Paranoia 2' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(wafPolicyViewSchema.parse(saved.json())).toMatchObject({ revision: 2, sync_state: 'syncing' });
    const section = await applyNext(edge.agent);
    expect(section.applications[0]!.policy).toMatchObject({ paranoia_level: 2, exclusions: [{ rule_id: 942100, path: '/search', parameter: 'q' }] });
    expect(wafPolicyViewSchema.parse((await call('GET', `waap/domains/${shop}/policy/`)).json()).sync_state).toBe('synced');

    const revisions = wafPolicyRevisionSchema.array().parse((await call('GET', `waap/domains/${shop}/policy/revisions/`)).json());
    expect(revisions.map((r) => [r.revision, r.message, r.author])).toEqual([
      [2, 'Paranoia 2', 'owner@acme.test'],
      [1, 'Default policy', 'owner@acme.test'],
    ]);
    const back = wafPolicyViewSchema.parse((await call('POST', `waap/domains/${shop}/policy/revisions/${revisions[1]!.id}/rollback/`)).json());
    expect(back).toMatchObject({ revision: 3, policy: { paranoia_level: 1, exclusions: [] } });
    expect((await applyNext(edge.agent)).applications[0]!.policy.paranoia_level).toBe(1);

    const exported = (await call('GET', `waap/domains/${shop}/policy-as-code/`)).json() as { yaml: string };
    const doc = parseYaml(exported.yaml) as { apiVersion: string; metadata: { application: string; revision: number }; spec: Record<string, unknown> };
    expect(doc).toMatchObject({ apiVersion: 'netloom.io/qshield/v1', metadata: { application: 'Shop', revision: 3 } });
    doc.spec.mode = 'detection';
    const imported = await call('PUT', `waap/domains/${shop}/policy-as-code/`, { yaml: stringifyYaml(doc) });
    expect(wafPolicyViewSchema.parse(imported.json())).toMatchObject({ revision: 4, policy: { mode: 'detection' } });
    await applyNext(edge.agent);
    const broken = await call('PUT', `waap/domains/${shop}/policy-as-code/`, { yaml: stringifyYaml({ ...doc, spec: { ...doc.spec, paranoia_level: 9 } }) });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().errors)).toEqual(['yaml.spec.paranoia_level']);
    expect((await call('PUT', `waap/domains/${shop}/policy-as-code/`, { yaml: 'a: [' })).json().errors.yaml[0]).toMatch(/^Not YAML/);
    expect(wafPolicyViewSchema.parse((await call('GET', `waap/domains/${shop}/policy/`)).json()).revision).toBe(4);
  });

  it('sends the edges the deny and challenge lists the policy names, and keeps a list in use from being removed', async () => {
    const created = await call('POST', 'waap/threat-intel/', {
      name: 'Bad hosts',
      entries: '# feed\n198.51.100.0/24\n203.0.113.99 ; scanner\nnonsense\n198.51.100.0/24\n',
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = threatListSchema.parse(created.json());
    expect(list).toMatchObject({ entries: 2, rejected: 1, url: null, action: 'deny' });
    const suspicious = threatListSchema.parse(
      (await call('POST', 'waap/threat-intel/', { name: 'Suspicious', action: 'challenge', entries: '192.0.2.0/24' })).json(),
    );
    const view = wafPolicyViewSchema.parse((await call('GET', `waap/domains/${shop}/policy/`)).json());
    const saved = await call('PUT', `waap/domains/${shop}/policy/`, { policy: { ...view.policy, threat_lists: [list.id, suspicious.id] } });
    expect(saved.statusCode).toBe(200);
    const section = await applyNext(edge.agent);
    expect(new Set(section.applications[0]!.threat_lists)).toEqual(
      new Set([
        { id: list.id, name: 'Bad hosts', action: 'deny', cidrs: ['198.51.100.0/24', '203.0.113.99'] },
        { id: suspicious.id, name: 'Suspicious', action: 'challenge', cidrs: ['192.0.2.0/24'] },
      ]),
    );
    expect((await call('DELETE', `waap/threat-intel/${list.id}/`)).statusCode).toBe(409);
    const foreign = await call('PUT', `waap/domains/${shop}/policy/`, { policy: { ...view.policy, threat_lists: [globexTenant] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'policy.threat_lists': ['Not a threat-intel list of this organisation'] });
  });

  it('reads a feed at once and says when it fails, keeping what it had', async () => {
    let body = '192.0.2.0/24\n# comment\n192.0.2.9\n';
    let status = 200;
    const feed = createServer((_req, res) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body));
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/drop.txt`;
    try {
      const created = threatListSchema.parse((await call('POST', 'waap/threat-intel/', { name: 'Feed', url, refresh_hours: 1 })).json());
      expect(created).toMatchObject({ url, entries: 2, rejected: 0, fetch_error: null });
      expect(created.fetched_at).not.toBeNull();
      // Due again: the sweep reads it; a failed read keeps the entries and says why.
      status = 503;
      body = 'down';
      await t.app.services.db.execute(sql`update waf_threat_lists set next_fetch_at = now() where id = ${created.id}`);
      expect(await t.app.services.wafIntel.refreshDue()).toBe(1);
      const lists = threatListSchema.array().parse((await call('GET', 'waap/threat-intel/')).json());
      expect(lists.find((l) => l.id === created.id)).toMatchObject({ entries: 2, fetch_error: 'the feed answered 503' });
      expect((await call('DELETE', `waap/threat-intel/${created.id}/`)).statusCode).toBe(204);
    } finally {
      feed.close();
    }
  });

  it("stores the edge's logs once and shows its attacks with their rules, secrets redacted, on the dashboard and in the export", async () => {
    const at = new Date().toISOString();
    edge.agent.send({
      type: 'waf_events',
      seq: 9001,
      requests: [request({ application_id: shop, at }), request({ application_id: shop, at, request_id: 'r-1', status: 403, path: "/search?q=1' OR '1'='1" })],
      attacks: [
        attack({ application_id: shop, at }),
        attack({
          application_id: shop,
          at,
          request_id: 'r-2',
          action: 'detected',
          status: 200,
          path: '/login',
          rules: [
            {
              id: 941100,
              message: 'XSS Attack Detected via libinjection',
              data: 'Matched Data: <script> found within REQUEST_COOKIES:session: <script>alert(1)</script>',
              tags: ['attack-xss'],
              severity: 2,
            },
          ],
        }),
      ],
    });
    expect(await edge.agent.next('ack')).toMatchObject({ seq: 9001, duplicate: false });
    edge.agent.send({ type: 'waf_events', seq: 9001, requests: [request({ application_id: shop, at })], attacks: [] });
    expect(await edge.agent.next('ack')).toMatchObject({ seq: 9001, duplicate: true });

    const page = wafAttackPageSchema.parse((await call('GET', 'waap/events/attacks/')).json());
    expect(page.count).toBe(2);
    const sqli = page.results.find((r) => r.category === 'sqli')!;
    expect(sqli).toMatchObject({ application: 'Shop', edge: 'edge-1', action: 'blocked', anomaly_score: 5 });
    expect(sqli.rules.map((r) => r.id)).toEqual([942100, 949110]);
    const xss = page.results.find((r) => r.category === 'xss')!;
    expect(xss.rules[0]!.data).toBe('[redacted] (within REQUEST_COOKIES:session)');
    expect(wafAttackPageSchema.parse((await call('GET', 'waap/events/attacks/?rule_id=941100')).json()).count).toBe(1);
    expect(wafAttackPageSchema.parse((await call('GET', 'waap/events/attacks/?action=blocked&category=sqli')).json()).count).toBe(1);

    const summary = wafSummarySchema.parse((await call('GET', 'waap/analytics/summary/')).json());
    expect(summary).toMatchObject({ requests: 2, attacks: 2, blocked: 1, detected: 1 });
    expect(summary.by_category.map((c) => c.key).sort()).toEqual(['sqli', 'xss']);
    expect(summary.top_rules.map((r) => r.key)).not.toContain('949110');
    expect(summary.series.reduce((n, s) => n + s.blocked + s.detected, 0)).toBe(2);
    // The weaknesses attacked, per path: the one whose attack reached the application (detection only) first.
    const targeted = wafVulnerabilityRowSchema.array().parse((await call('GET', 'waap/events/vulnerabilities/')).json());
    expect(targeted.map((v) => [v.path, v.label, v.exposed, v.rule_ids])).toEqual([
      ['/login', 'Cross-site scripting', true, [941100]],
      ['/search', 'SQL injection', false, [942100]],
    ]);
    expect(targeted[1]).toMatchObject({ application: 'Shop', attempts: 1, blocked: 1, detected: 0, clients: 1, owasp: 'A03 Injection' });
    const log = wafLogPageSchema.parse((await call('GET', 'waap/analytics/log/?status=403')).json());
    expect(log.results.map((r) => r.request_id)).toEqual(['r-1']);
    const csv = await call('GET', 'waap/events/attacks/export/?category=sqli');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')).toHaveLength(2);
    expect(csv.body).toContain('942100 949110');

    // Another organisation sees none of it; a viewer may read the dashboard but not the logs' clients.
    expect(wafAttackPageSchema.parse((await call('GET', 'waap/events/attacks/', undefined, 'owner@globex.test', globexTenant)).json()).count).toBe(0);
    expect((await call('GET', 'waap/events/attacks/', undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await call('GET', 'waap/analytics/summary/', undefined, 'viewer@acme.test')).statusCode).toBe(200);
    const window = await call(
      'GET',
      `waap/analytics/summary/?from=${encodeURIComponent(at)}&to=${encodeURIComponent(new Date(Date.parse(at) - 1000).toISOString())}`,
    );
    expect(window.statusCode).toBe(400);
  });

  it("classifies the edge's clients for the bot dashboard: people, a verified crawler, a script, and a browser's user agent that never passed the challenge", async () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const from = (client_ip: string, user_agent: string, n: number, path = '/') =>
      Array.from({ length: n }, (_, i) => request({ application_id: shop, client_ip, user_agent, path, request_id: `bot-${client_ip}-${i}` }));
    edge.agent.send({
      type: 'waf_events',
      seq: 9201,
      requests: [
        ...from('192.0.2.10', chrome, 3),
        ...from('66.249.66.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 2),
        ...from('192.0.2.20', 'python-requests/2.31', 4, '/wp-login.php'),
        ...from('192.0.2.30', chrome, 1),
      ],
      attacks: [attack({ application_id: shop, client_ip: '192.0.2.30', action: 'challenged', status: 403, request_id: 'bot-challenge', rules: [] })],
    });
    expect(await edge.agent.next('ack')).toMatchObject({ seq: 9201, duplicate: false });
    const bots = wafBotSummarySchema.parse((await call('GET', 'waap/bots/summary/')).json());
    expect(bots.by_class.find((c) => c.key === 'human')!.requests).toBeGreaterThanOrEqual(3);
    const client = (ip: string) => bots.clients.find((c) => c.client_ip === ip);
    expect(client('192.0.2.10')).toBeUndefined();
    expect(client('66.249.66.1')).toMatchObject({ class: 'verified_bot', family: 'Googlebot', requests: 2 });
    expect(client('192.0.2.20')).toMatchObject({ class: 'automated', family: 'python-requests', requests: 4 });
    expect(client('192.0.2.30')).toMatchObject({ class: 'automated', family: 'Chrome', requests: 1 });
    expect(bots.top_bot_paths).toContainEqual({ key: '/wp-login.php', requests: 4 });
    expect((await call('GET', 'waap/bots/summary/', undefined, 'viewer@acme.test')).statusCode).toBe(403);
    expect(wafBotSummarySchema.parse((await call('GET', 'waap/bots/summary/', undefined, 'owner@globex.test', globexTenant)).json()).requests).toBe(0);
  });

  it("discovers the application's API endpoints from the edge's access log: one template per endpoint, its errors and parameters", async () => {
    edge.agent.send({
      type: 'waf_events',
      seq: 9301,
      requests: [
        request({ application_id: shop, path: '/api/users/101?expand=true', request_id: 'api-1', api_key: '3f9a0c1d2e4b5a67' }),
        request({ application_id: shop, path: '/api/users/102', status: 404, request_id: 'api-2' }),
        request({ application_id: shop, method: 'POST', path: '/api/users', status: 201, request_id: 'api-3' }),
      ],
      attacks: [],
    });
    expect(await edge.agent.next('ack')).toMatchObject({ seq: 9301, duplicate: false });
    const endpoints = wafDiscoveredEndpointSchema.array().parse((await call('GET', 'waap/analytics/api-discovery/', undefined, 'viewer@acme.test')).json());
    expect(endpoints.find((e) => e.template === '/api/users/{id}')).toMatchObject({
      application: 'Shop',
      method: 'GET',
      requests: 2,
      errors: 1,
      // One of the two carried an API key.
      authenticated: 1,
      statuses: [
        { status: 200, requests: 1 },
        { status: 404, requests: 1 },
      ],
      params: [{ name: 'expand', types: ['boolean'], pii: false }],
    });
    expect(endpoints.find((e) => e.method === 'POST' && e.template === '/api/users')).toMatchObject({ requests: 1, errors: 0 });
    expect(
      wafDiscoveredEndpointSchema.array().parse((await call('GET', 'waap/analytics/api-discovery/', undefined, 'owner@globex.test', globexTenant)).json()),
    ).toEqual([]);
  });

  it("holds the application's OpenAPI document and sets it against the traffic: documented, shadow and zombie endpoints", async () => {
    const openapi = [
      'openapi: 3.0.3',
      'info: { title: Shop API, version: 1.2.0 }',
      'paths:',
      '  /api/users/{userId}:',
      '    get:',
      '      parameters: [{ name: userId, in: path, required: true, schema: { type: integer } }]',
      "      responses: { '200': { description: A user } }",
      '  /api/orders:',
      '    post:',
      "      responses: { '201': { description: Created } }",
    ].join('\n');
    const saved = await call('PUT', `waap/domains/${shop}/openapi/`, { document: openapi });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(wafApiDocumentSchema.parse(saved.json())).toMatchObject({ title: 'Shop API', version: '1.2.0', openapi: '3.0.3', operations: 2 });
    const rows = wafApiInventoryRowSchema.array().parse((await call('GET', 'waap/api-security/inventory/', undefined, 'viewer@acme.test')).json());
    const state = (method: string, path: string) => rows.find((r) => r.method === method && r.path === path)?.state;
    expect(state('GET', '/api/users/{userId}')).toBe('documented');
    expect(rows.find((r) => r.path === '/api/users/{userId}')).toMatchObject({ application: 'Shop', requests: 2, errors: 1 });
    expect(state('POST', '/api/orders')).toBe('zombie');
    expect(state('POST', '/api/users')).toBe('shadow');

    const refused = async (document: string) => (await call('PUT', `waap/domains/${shop}/openapi/`, { document })).json().errors?.document?.[0];
    expect(await refused('a: [')).toMatch(/^Not JSON or YAML: /);
    expect(await refused('swagger: "2.0"\ninfo: { title: x, version: "1" }\npaths: {}')).toBe('Not an OpenAPI 3.0 or 3.1 document');
    expect(await refused('openapi: 3.0.3\ninfo: { title: x }\npaths: {}')).toMatch(/^Not a valid OpenAPI document: /);
    expect(wafApiDocumentSchema.parse((await call('GET', `waap/domains/${shop}/openapi/`)).json()).operations).toBe(2);
    expect((await call('PUT', `waap/domains/${shop}/openapi/`, { document: openapi }, 'viewer@acme.test')).statusCode).toBe(403);
    expect((await call('GET', `waap/domains/${shop}/openapi/`, undefined, 'owner@globex.test', globexTenant)).statusCode).toBe(404);
  });

  it("enforces the application's OpenAPI document at its edges when its policy says so (zero-trust API), and each new document", async () => {
    const current = wafPolicyViewSchema.parse((await call('GET', `waap/domains/${shop}/policy/`)).json());
    const saved = await call('PUT', `waap/domains/${shop}/policy/`, {
      policy: { ...current.policy, zero_trust_api: { mode: 'block' } },
      message: 'Enforce the API',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const enforced = (await applyNext(edge.agent)).applications[0]!.api_schema;
    expect(enforced?.mode).toBe('block');
    expect(enforced?.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['GET /api/users/{userId}', 'POST /api/orders']);
    expect(enforced?.operations[0]!.path_params).toEqual([{ name: 'userId', required: true, value: expect.objectContaining({ type: 'integer' }) }]);

    // A new document reaches the edges at once.
    const v2 = [
      'openapi: 3.1.0',
      'info: { title: Shop API, version: 2.0.0 }',
      'paths:',
      '  /api/users:',
      '    get:',
      '      parameters: [{ name: limit, in: query, schema: { type: integer } }]',
      "      responses: { '200': { description: Users } }",
    ].join('\n');
    expect((await call('PUT', `waap/domains/${shop}/openapi/`, { document: v2 })).statusCode).toBe(200);
    const next = (await applyNext(edge.agent)).applications[0]!.api_schema;
    expect(next?.operations).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/users',
        query: [{ name: 'limit', required: false, value: expect.objectContaining({ type: 'integer' }) }],
      }),
    ]);

    const off = await call('PUT', `waap/domains/${shop}/policy/`, { policy: { ...current.policy, zero_trust_api: { mode: 'off' } } });
    expect(off.statusCode).toBe(200);
    expect((await applyNext(edge.agent)).applications[0]!.api_schema).toBeNull();
  });

  it('refuses WAF logs from a device that is not a WAF edge', async () => {
    const gateway = await device('GW-PLAIN');
    gateway.agent.send({ type: 'waf_events', seq: 5, requests: [request()], attacks: [] });
    const closed = await new Promise<number>((resolve) => gateway.agent.ws.once('close', (code) => resolve(code)));
    expect(closed).toBe(4400);
  });

  it("grades each application's policy against the checklist", async () => {
    const [grade] = wafComplianceSchema.parse((await call('GET', 'waap/analytics/compliance/')).json());
    expect(grade!.application).toBe('Shop');
    const byKey = Object.fromEntries(grade!.checks.map((c) => [c.key, c.ok]));
    // Imported in detection mode, served with a certificate, no rate limit.
    expect(byKey).toMatchObject({ blocking: false, tls: true, rate_limits: false, a03_injection: true });
    expect(grade!.score).toBeGreaterThan(0);
    expect(grade!.score).toBeLessThan(100);
  });

  it("serves another organisation's application on an edge a super admin shared as a POP, its logs that organisation's alone, and keeps it shared while it serves", async () => {
    const globex = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
      call(method, path, payload, 'owner@globex.test', globexTenant);
    const admin = (method: 'GET' | 'PUT', path: string, payload?: unknown) => call(method, path, payload, 'super@demo.test');
    const store = application({ name: 'Store', domains: ['store.globex.test'], edge_ids: [edge.id] });
    expect(wafEdgeSchema.array().parse((await globex('GET', 'auth/waf-waf-pops/')).json())).toEqual([]);
    expect((await globex('POST', 'waap/domains/', store)).statusCode).toBe(422);
    expect((await call('PUT', `admin/waf-pops/${edge.id}/`, { shared: true })).statusCode).toBe(403);

    expect(wafProviderEdgeSchema.array().parse((await admin('GET', 'admin/waf-pops/')).json())).toEqual([
      expect.objectContaining({ id: edge.id, organisation: 'Acme', shared: false, foreign_applications: 0 }),
    ]);
    expect(wafProviderEdgeSchema.parse((await admin('PUT', `admin/waf-pops/${edge.id}/`, { shared: true })).json()).shared).toBe(true);
    expect(
      wafEdgeSchema
        .array()
        .parse((await globex('GET', 'auth/waf-waf-pops/')).json())
        .map((e) => [e.name, e.shared]),
    ).toEqual([['edge-1', true]]);
    expect(wafEdgeSchema.array().parse((await globex('GET', 'waap/devices/')).json())).toEqual([]);

    // The POP serves Acme's Shop and Globex's Store, each with its own organisation's lists.
    const created = await globex('POST', 'waap/domains/', store);
    expect(created.statusCode, created.body).toBe(201);
    const storeId = wafApplicationSchema.parse(created.json()).id;
    expect((await applyNext(edge.agent)).applications.map((a) => a.name).sort()).toEqual(['Shop', 'Store']);
    const list = threatListSchema.parse(
      (await globex('POST', 'waap/threat-intel/', { name: 'Scrapers', action: 'challenge', entries: '192.0.2.0/24' })).json(),
    );
    const view = wafPolicyViewSchema.parse((await globex('GET', `waap/domains/${storeId}/policy/`)).json());
    expect((await globex('PUT', `waap/domains/${storeId}/policy/`, { policy: { ...view.policy, threat_lists: [list.id] } })).statusCode).toBe(200);
    const section = await applyNext(edge.agent);
    expect(section.applications.find((a) => a.id === storeId)!.threat_lists.map((l) => l.name)).toEqual(['Scrapers']);
    expect(section.applications.find((a) => a.id === shop)!.threat_lists.map((l) => l.name)).not.toContain('Scrapers');
    expect(wafPolicyViewSchema.parse((await globex('GET', `waap/domains/${storeId}/policy/`)).json()).sync_state).toBe('synced');

    // Each organisation sees the POP's logs of its own applications only.
    edge.agent.send({
      type: 'waf_events',
      seq: 9101,
      requests: [request({ application_id: storeId, host: 'store.globex.test' }), request({ application_id: shop, request_id: 'r-acme' })],
      attacks: [attack({ application_id: storeId, host: 'store.globex.test', request_id: 'r-globex' })],
    });
    expect(await edge.agent.next('ack')).toMatchObject({ seq: 9101, duplicate: false });
    const theirs = wafAttackPageSchema.parse((await globex('GET', 'waap/events/attacks/')).json());
    expect(theirs.results.map((a) => [a.application, a.edge, a.host])).toEqual([['Store', 'edge-1', 'store.globex.test']]);
    expect(wafAttackPageSchema.parse((await call('GET', 'waap/events/attacks/')).json()).results.map((a) => a.host)).not.toContain('store.globex.test');
    expect(wafLogPageSchema.parse((await globex('GET', 'waap/analytics/log/')).json()).results.map((r) => r.host)).toEqual(['store.globex.test']);

    // Shared while it serves Globex; Globex moves off, then it can stop being shared.
    const busy = await admin('PUT', `admin/waf-pops/${edge.id}/`, { shared: false });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors.shared[0]).toMatch(/^It serves 1 application\(s\) of other organisations/);
    expect((await globex('DELETE', `waap/domains/${storeId}/`)).statusCode).toBe(204);
    expect((await applyNext(edge.agent)).applications.map((a) => a.name)).toEqual(['Shop']);
    expect(wafProviderEdgeSchema.parse((await admin('PUT', `admin/waf-pops/${edge.id}/`, { shared: false })).json()).shared).toBe(false);
    expect(wafEdgeSchema.array().parse((await globex('GET', 'auth/waf-waf-pops/')).json())).toEqual([]);
  });

  it('stops serving a removed application: its edge is pushed an empty section', async () => {
    expect((await call('DELETE', `waap/domains/${shop}/`)).statusCode).toBe(204);
    expect((await applyNext(edge.agent)).applications).toEqual([]);
    expect((await call('GET', 'custom-waap-rules/available-domains/')).json()).toEqual([]);
  });
});
