import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_RULE_IDS, wafApplicationSchema, wafAuthAbuseViewSchema, wafGraphqlViewSchema, type WafAttack, type WafRequest } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

describe.each(testBackends('pglite'))("QShield's GraphQL and authentication abuse pages on %s", (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let globexTenant: string;
  const tokens: Record<string, string> = {};
  let agent: TestAgent;
  let shop: string;
  let seq = 100;
  let n = 0;

  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, waf: { ...c.waf, addressLookup: async () => [] } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    globexTenant = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['owner@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
    agent = await TestAgent.connect(t.app);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'GUARD-EDGE', name: 'guard-edge', kind: 'gateway', device_type: 'waf-edge' });
    const { device_id } = (await agent.next('welcome')) as { device_id: string };
    agent.heartbeat();
    await agent.next('ack');
    const created = await call('POST', 'waap/domains/', {
      name: 'Shop',
      domains: ['shop.acme.test'],
      origins: [{ url: 'http://10.0.0.5:8080', weight: 1 }],
      health_check: { path: '/health', interval_s: 30 },
      tls_mode: 'none',
      edge_ids: [device_id],
      api: true,
    });
    shop = wafApplicationSchema.parse(created.json()).id;
    await applyNext();
    const saved = await call('PUT', `waap/domains/${shop}/policy/`, {
      policy: {
        graphql: { enabled: true, paths: ['/graphql'], max_depth: 10, max_aliases: 15, max_fields: 1_000, introspection: false },
        login_protection: {
          enabled: true,
          endpoints: [{ path: '/login', username_field: 'email' }],
          client_failures: 10,
          account_failures: 5,
          account_clients: 5,
        },
      },
      message: 'GraphQL limits and login protection',
    });
    expect(saved.statusCode).toBe(200);
    await applyNext();
  });
  afterAll(async () => {
    agent?.ws.terminate();
    await t?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown, who = 'owner@acme.test', tenant = acme.tenantId) =>
    t.app.inject({
      method,
      url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenant}`,
      headers: bearer(tokens[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const applyNext = async () => {
    const job = (await agent.next('job', 10_000)) as { job_id: string; payload: { config_hash: string } };
    agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: job.payload.config_hash });
    await agent.next('ack');
  };
  const send = async (requests: WafRequest[], attacks: WafAttack[] = []) => {
    agent.send({ type: 'waf_events', seq: ++seq, requests, attacks });
    expect(await agent.next('ack')).toMatchObject({ seq, duplicate: false });
  };
  const request = (over: Partial<WafRequest>): WafRequest => ({
    at: new Date(Date.now() - 60_000 + n * 100).toISOString(),
    application_id: shop,
    request_id: `guard-${++n}`,
    host: 'shop.acme.test',
    client_ip: '198.51.100.7',
    method: 'POST',
    path: '/graphql',
    status: 200,
    bytes: 900,
    elapsed_ms: 3,
    user_agent: 'Mozilla/5.0',
    ...over,
  });
  const refusal = (r: WafRequest, id: number, message: string, data: string, action: WafAttack['action'] = 'blocked'): WafAttack => ({
    at: r.at,
    application_id: r.application_id,
    request_id: r.request_id,
    host: r.host,
    client_ip: r.client_ip,
    method: r.method,
    path: r.path,
    status: 403,
    action,
    anomaly_score: null,
    rules: [{ id, message, data, tags: ['netloom/api-guard'], severity: 2 }],
    user_agent: r.user_agent,
  });
  const op = (name: string | null, o: Partial<NonNullable<WafRequest['graphql']>> = {}) => ({
    graphql: { operation: 'query' as const, name, depth: 3, aliases: 0, fields: 12, introspection: false, ...o },
  });

  it('shows the GraphQL operations seen against the limits, and what was refused with why, to those who read the logs', async () => {
    const products = Array.from({ length: 5 }, (_, i) => request({ ...op('GetProducts', { depth: 3 + (i % 2), fields: 10 + i }) }));
    const deep = request({ ...op('Deep', { depth: 12, fields: 40 }), status: 403, client_ip: '203.0.113.5' });
    const schema = request({ ...op('IntrospectionQuery', { depth: 7, introspection: true, fields: 200 }), status: 403, client_ip: '203.0.113.5' });
    const cart = request({ graphql: { operation: 'mutation', name: null, depth: 2, aliases: 3, fields: 4, introspection: false } });
    await send(
      [...products, deep, schema, cart, request({ path: '/health', method: 'GET' })],
      [
        refusal(deep, EDGE_RULE_IDS.graphql, 'GraphQL query refused', 'depth 12 over 10'),
        refusal(schema, EDGE_RULE_IDS.graphql, 'GraphQL query refused', 'introspection'),
      ],
    );

    const res = await call('GET', `waap/analytics/graphql/?application_id=${shop}`);
    expect(res.statusCode).toBe(200);
    const view = wafGraphqlViewSchema.parse(res.json());
    expect(view.requests).toBe(8);
    expect(view.refused).toBe(2);
    const byName = new Map(view.operations.map((o) => [o.name, o]));
    expect(byName.get('GetProducts')).toMatchObject({
      application: 'Shop',
      operation: 'query',
      requests: 5,
      errors: 0,
      max_depth: 4,
      max_fields: 14,
      over_limits: [],
    });
    expect(byName.get('Deep')).toMatchObject({ requests: 1, errors: 1, max_depth: 12, over_limits: ['depth'] });
    expect(byName.get('IntrospectionQuery')).toMatchObject({ introspection: 1, over_limits: ['introspection'] });
    expect(byName.get(null)).toMatchObject({ operation: 'mutation', max_aliases: 3 });
    expect(view.operations[0]!.name).toBe('GetProducts');
    expect(view.refusals.map((r) => [r.limit, r.detail, r.client_ip]).sort()).toEqual([
      ['depth', 'depth 12 over 10', '203.0.113.5'],
      ['introspection', 'introspection', '203.0.113.5'],
    ]);
    expect(view.by_limit).toEqual([
      { limit: 'depth', count: 1 },
      { limit: 'introspection', count: 1 },
    ]);

    // The refusals name clients: a viewer is refused; another organisation sees none of it.
    expect((await call('GET', 'waap/analytics/graphql/', undefined, 'viewer@acme.test')).statusCode).toBe(403);
    const globex = wafGraphqlViewSchema.parse((await call('GET', 'waap/analytics/graphql/', undefined, 'owner@globex.test', globexTenant)).json());
    expect(globex).toMatchObject({ requests: 0, refused: 0, operations: [], refusals: [] });
  });

  it('ranks a credential-stuffing client above a person who mistyped, lists the accounts it challenged, and masks names for viewers', async () => {
    const login = (client_ip: string, account: string, failed: boolean) =>
      request({
        client_ip,
        path: '/login',
        status: failed ? 401 : 200,
        login: { account, failed },
        user_agent: client_ip === '203.0.113.9' ? 'python-requests/2.32' : 'Mozilla/5.0',
      });
    // A person: one typo, then in.
    const person = [login('198.51.100.20', 'jane@example.com', true), login('198.51.100.20', 'jane@example.com', false)];
    // A script walking a leaked list: twelve accounts, one try each, all failing; the edge challenged the last two.
    const script = Array.from({ length: 12 }, (_, i) => login('203.0.113.9', `user${i + 1}@example.com`, true));
    await send(
      [...person, ...script],
      script.slice(10).map((r) => refusal(r, EDGE_RULE_IDS.loginAbuse, 'Login abuse', 'credential stuffing: 11 failed logins from this address', 'challenged')),
    );

    const res = await call('GET', `waap/bots/auth-abuse/?application_id=${shop}`);
    expect(res.statusCode).toBe(200);
    const view = wafAuthAbuseViewSchema.parse(res.json());
    expect(view).toMatchObject({ masked: false, attempts: 14, failures: 13 });
    expect(view.endpoints).toEqual([expect.objectContaining({ application: 'Shop', path: '/login', attempts: 14, failures: 13 })]);
    expect(view.endpoints[0]!.series.reduce((s, b) => s + b.attempts, 0)).toBe(14);
    expect(view.clients.map((c) => c.client_ip)).toEqual(['203.0.113.9', '198.51.100.20']);
    expect(view.clients[0]).toMatchObject({ attempts: 12, failures: 12, accounts: 12, refused: 2, failure_rate: 1 });
    expect(view.clients[0]!.kinds).toEqual(expect.arrayContaining(['credential_stuffing', 'password_spraying']));
    expect(view.clients[1]!.kinds).toEqual([]);
    const states = new Map(view.accounts.map((a) => [a.account, a.state]));
    expect(states.get('user11@example.com')).toBe('challenged');
    expect(states.get('user12@example.com')).toBe('challenged');
    expect(states.get('user1@example.com')).toBe('normal');
    expect(states.get('jane@example.com')).toBe('normal');
    expect(view.accounts.slice(0, 2).map((a) => a.state)).toEqual(['challenged', 'challenged']);
    expect(view.detections).toHaveLength(2);
    expect(view.detections[0]).toMatchObject({ action: 'challenged', detail: 'credential stuffing: 11 failed logins from this address', path: '/login' });

    // A viewer sees the attack, not whom it named.
    const masked = wafAuthAbuseViewSchema.parse((await call('GET', 'waap/bots/auth-abuse/', undefined, 'viewer@acme.test')).json());
    expect(masked.masked).toBe(true);
    expect(masked.clients[0]!.client_ip).toBe('203.0.x.x');
    expect(masked.accounts.map((a) => a.account)).toContain('j***@example.com');
    expect(JSON.stringify(masked)).not.toMatch(/user11@|jane@|203\.0\.113\.9/);

    const globex = wafAuthAbuseViewSchema.parse((await call('GET', 'waap/bots/auth-abuse/', undefined, 'owner@globex.test', globexTenant)).json());
    expect(globex).toMatchObject({ attempts: 0, endpoints: [], clients: [], accounts: [], detections: [] });
  });
});
