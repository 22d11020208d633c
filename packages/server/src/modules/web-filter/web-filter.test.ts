import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customListSchema,
  teamUserListSchema,
  testUrlResultSchema,
  urlDiscoveryPageSchema,
  urlRulesSchema,
  webFilterLogPageSchema,
  webFilterPolicyListSchema,
  webFilterPolicySchema,
  webFilterSummarySchema,
  squidLogPageSchema,
  type UrlEvent,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

const policy = (over: Record<string, unknown> = {}) => ({
  name: 'No social',
  action: 'block',
  applies_to: { everyone: true },
  blocked_categories: ['social-networking'],
  ...over,
});

const urlEvent = (over: Partial<UrlEvent> = {}): UrlEvent => ({
  at: new Date().toISOString(),
  user: 'viewer@acme.test',
  client_ip: '10.8.0.2',
  method: 'GET',
  scheme: 'https',
  host: 'www.facebook.com',
  path: '/feed',
  status: 403,
  bytes: 512,
  elapsed_ms: 12,
  content_type: 'text/html',
  category: 'social-networking',
  application: 'facebook',
  action: 'blocked',
  rule: 'category-block',
  policy_id: null,
  policy_name: null,
  matched: 'social-networking',
  via: 'agent',
  ...over,
});

describe.each(testBackends('pglite'))('web filter on %s', (backend) => {
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
    for (const who of ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'viewer@acme.test', 'owner@globex.test'])
      tokens[who] = (await login(t.app, who)).access;
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
  const endpoint = async (serial: string, user: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: serial.toLowerCase(), kind: 'endpoint', user });
    const { device_id } = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: device_id };
  };
  /** Applies a pushed configuration the way a device does: acknowledges the job with the hash it now runs. */
  const applyNext = async (agent: TestAgent) => {
    const job = (await agent.next('job', 10_000)) as { job_id: string; kind: string; payload: { document: Record<string, unknown>; config_hash: string } };
    expect(job.kind).toBe('apply_config');
    agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: job.payload.config_hash });
    await agent.next('ack');
    return job.payload;
  };

  it('keeps policies in order with the rules checked, answers every mistake at its field, and changes nothing then', async () => {
    const bad = await call('POST', 'tenant/config/webfilter-policy/', policy({ blocked_urls: ['not a url'], applies_to: { everyone: false } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ 'blocked_urls.0': ['Enter correct URL'], applies_to: ['Choose who the policy applies to'] });
    const foreign = await call('POST', 'tenant/config/webfilter-policy/', policy({ blocked_categories: ['nonsense-cat'] }));
    expect(foreign.json().errors).toMatchObject({ 'blocked_categories.0': ['Unknown category'] });
    expect(webFilterPolicyListSchema.parse((await call('GET', 'tenant/config/webfilter-policy/')).json())).toEqual([]);

    const a = await call('POST', 'tenant/config/webfilter-policy/', policy());
    expect(a.statusCode, a.body).toBe(201);
    const b = await call('POST', 'tenant/config/webfilter-policy/', policy({ name: 'Gambling first', blocked_categories: ['gambling'], order: 1 }));
    expect(b.statusCode, b.body).toBe(201);
    const list = () => call('GET', 'tenant/config/webfilter-policy/').then((r) => webFilterPolicyListSchema.parse(r.json()));
    expect((await list()).map((p) => [p.order, p.name])).toEqual([
      [1, 'Gambling first'],
      [2, 'No social'],
    ]);
    expect((await call('POST', 'tenant/config/webfilter-policy/', policy({ name: 'no SOCIAL' }))).statusCode).toBe(409);
    const ids = (await list()).map((p) => p.id);
    expect((await call('POST', 'tenant/config/webfilter-policy/reorder/', { ids: [ids[0]] })).statusCode).toBe(400);
    expect((await call('POST', 'tenant/config/webfilter-policy/reorder/', { ids: [...ids].reverse() })).statusCode).toBe(200);
    expect((await list()).map((p) => p.name)).toEqual(['No social', 'Gambling first']);
    const gambling = webFilterPolicySchema.parse(b.json());
    const put = await call(
      'PUT',
      `tenant/config/webfilter-policy/${gambling.id}/`,
      policy({ name: 'Gambling', blocked_categories: ['gambling'], action: 'log' }),
    );
    expect(webFilterPolicySchema.parse(put.json())).toMatchObject({ name: 'Gambling', action: 'log', order: 2 });
    expect((await call('DELETE', `tenant/config/webfilter-policy/${gambling.id}/`)).statusCode).toBe(204);
    expect((await list()).map((p) => p.name)).toEqual(['No social']);
  });

  it('lets a viewer read but not change, and keeps each organisation to its own', async () => {
    expect((await call('GET', 'tenant/config/webfilter-policy/', undefined, 'viewer@acme.test')).statusCode).toBe(200);
    expect((await call('POST', 'tenant/config/webfilter-policy/', policy({ name: 'x' }), 'viewer@acme.test')).statusCode).toBe(403);
    expect((await call('GET', 'tenant/config/webfilter-policy/', undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await call('GET', 'tenant/config/webfilter-policy/', undefined, 'owner@globex.test', globexTenant)).json()).toEqual([]);
    const other = await call('POST', 'tenant/config/webfilter-policy/', policy({ name: 'Theirs' }), 'owner@globex.test', globexTenant);
    expect(other.statusCode).toBe(201);
    const id = webFilterPolicySchema.parse(other.json()).id;
    expect((await call('DELETE', `tenant/config/webfilter-policy/${id}/`)).statusCode).toBe(404);
    expect((await call('GET', 'tenant/config/webfilter-policy/', undefined, 'owner@globex.test', globexTenant)).json()).toHaveLength(1);
  });

  it("keeps the organisation's web-filter settings to owners and admins: an editor writes policies but cannot turn the filter off, change the default or replace the lists", async () => {
    const settings: [string, 'POST' | 'PUT', string, unknown][] = [
      ['turn off', 'POST', 'tenant/config/webfilter-global/', { status: false }],
      ['default action', 'POST', 'tenant/config/webfilter-global/set-action/', { default_action_blocked: true }],
      ['replace lists', 'PUT', 'tenant/config/webfilter-custom-url/', { allowed_urls: ['example.org'], blocked_urls: [] }],
    ];
    const before = (await call('GET', 'tenant/config/webfilter-global/')).json();
    for (const [what, method, path, body] of settings) {
      const refused = await call(method, path, body, 'editor@acme.test');
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json(), what).toMatchObject({ code: 'permission_denied' });
    }
    // Nothing changed for the editor's tries.
    expect((await call('GET', 'tenant/config/webfilter-global/')).json()).toEqual(before);
    expect(customListSchema.parse((await call('GET', 'tenant/config/webfilter-custom-url/get/custom-list/')).json()).allowed_urls).not.toContain('example.org');
    // An admin may; the owner puts everything back.
    for (const [what, method, path, body] of settings) expect((await call(method, path, body, 'admin@acme.test')).statusCode, what).toBe(200);
    await call('POST', 'tenant/config/webfilter-global/', { status: before.status });
    await call('POST', 'tenant/config/webfilter-global/set-action/', { default_action_blocked: before.default_action_blocked });
    await call('PUT', 'tenant/config/webfilter-custom-url/', { allowed_urls: [], blocked_urls: [] });
    // Policies stay the editors' configuration.
    const made = await call('POST', 'tenant/config/webfilter-policy/', policy({ name: 'Editor policy' }), 'editor@acme.test');
    expect(made.statusCode, made.body).toBe(201);
    expect(
      (await call('DELETE', `tenant/config/webfilter-policy/${webFilterPolicySchema.parse(made.json()).id}/`, undefined, 'editor@acme.test')).statusCode,
    ).toBe(204);
  });

  it('refuses to test text that is not a web address, in the API error shape', async () => {
    const res = await call('POST', 'tenant/config/webfilter-policy/test/', { url: 'not a url' }, 'viewer@acme.test');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: expect.any(String),
      code: 'invalid',
      errors: { url: ['Enter a web address, such as https://www.example.com/page or example.com'] },
    });
  });

  it('pushes a policy change to the endpoints it touches, tests URLs as they would decide, and reads their events back', async () => {
    const users = teamUserListSchema.parse((await call('GET', 'teams/users/?page_size=0')).json()).results;
    const viewer = users.find((u) => u.email === 'viewer@acme.test')!;
    const group = await call('POST', 'teams/groups/', { name: 'Students', user_ids: [viewer.id] });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = String(group.json().id);
    const { agent, id } = await endpoint('SN-WF-1', 'viewer@acme.test');
    // The organisation already has a web filter: the new endpoint gets it without anyone changing anything.
    await t.app.services.deviceConfig.staleDevices('web_filter', 10).then((m) => expect(m.map((x) => x.deviceId)).toContain(id));
    const created = await call(
      'POST',
      'tenant/config/webfilter-policy/',
      policy({ name: 'Students no games', applies_to: { groups: [groupId] }, blocked_categories: ['games'], order: 1 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const pushed = await applyNext(agent);
    const section = (pushed.document as { web_filter: { policies: { name: string }[]; user_groups: Record<string, string[]> } }).web_filter;
    expect(section.policies.map((p) => p.name)).toEqual(['Students no games', 'No social']);
    expect(section.user_groups['viewer@acme.test']).toEqual([groupId]);
    const state = await call('GET', `device/config/${id}/`);
    expect(state.json().sync.state).toBe('synced');

    const tested = testUrlResultSchema.parse(
      (await call('POST', 'tenant/config/webfilter-policy/test/', { url: 'https://store.steampowered.com/app/1', user: 'viewer@acme.test' })).json(),
    );
    expect(tested, JSON.stringify(tested)).toMatchObject({
      action: 'blocked',
      rule: 'category-block',
      policy: { name: 'Students no games' },
      category: { id: 'games' },
    });
    const owner = testUrlResultSchema.parse(
      (await call('POST', 'tenant/config/webfilter-policy/test/', { url: 'store.steampowered.com', user: 'owner@acme.test' })).json(),
    );
    expect(owner).toMatchObject({ action: 'allowed', rule: 'default', policy: null });

    agent.send({
      type: 'url_events',
      events: [
        urlEvent(),
        urlEvent({
          host: 'intranet-portal-zx.io',
          path: '/',
          category: 'uncategorised',
          application: null,
          action: 'allowed',
          rule: 'default',
          status: 200,
          matched: null,
        }),
        urlEvent({
          host: 'proxy.example-shop.net',
          via: 'proxy',
          action: 'allowed',
          rule: 'default',
          category: 'uncategorised',
          status: 200,
          method: 'CONNECT',
          matched: null,
        }),
      ],
    });
    const seq = agent.seq;
    expect(await agent.next('ack')).toMatchObject({ seq, duplicate: false });
    agent.sendRaw(JSON.stringify({ type: 'url_events', seq, events: [urlEvent()] }));
    expect(await agent.next('ack')).toMatchObject({ seq, duplicate: true });

    for (const range of ['1h', '24h', '7d'] as const) {
      const summary = webFilterSummarySchema.parse(
        (await call('POST', 'tenant/config/webfilter-global/webfilter-graph/', { start_time: range, tenant_id: acme.tenantId })).json(),
      );
      expect(summary.top_blocked_urls.buckets).toEqual([{ key: 'facebook.com', doc_count: 1 }]);
      expect(summary.action_distribution.buckets).toEqual(
        expect.arrayContaining([
          { key: 'blocked', doc_count: 1 },
          { key: 'allowed', doc_count: 2 },
        ]),
      );
      expect(summary.requests_over_time.buckets.reduce((n, b) => n + b.blocked, 0)).toBe(1);
      expect(summary.top_users.buckets[0]).toEqual({ key: 'viewer@acme.test', doc_count: 3 });
    }
    const unknownRange = await call('POST', 'tenant/config/webfilter-global/webfilter-graph/', { start_time: '2h' });
    expect(unknownRange.statusCode).toBe(400);

    const logs = webFilterLogPageSchema.parse(
      (
        await call('POST', 'logs/webfilter-logs/', {
          page: 1,
          size: 25,
          filters: [
            { key: 'tenant_id', value: acme.tenantId },
            { key: 'action', value: 'blocked' },
          ],
        })
      ).json(),
    );
    expect(logs.count).toBe(1);
    expect(logs.results[0]).toMatchObject({ domain: 'facebook.com', action: 'blocked', device_name: 'sn-wf-1', category_name: 'Social Networking' });
    const squid = squidLogPageSchema.parse((await call('POST', 'logs/squid-logs/', { page: 1, size: 25 })).json());
    expect(squid.results.map((r) => r.line)).toEqual([
      expect.stringMatching(/ 10\.8\.0\.2 TCP_TUNNEL\/200 512 CONNECT proxy\.example-shop\.net:443 viewer@acme\.test HIER_DIRECT\//),
    ]);
    const csv = await call('POST', 'logs/webfilter-logs/', { format: 'csv', filters: [{ key: 'tenant_id', value: acme.tenantId }] });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n').length).toBeGreaterThanOrEqual(4);
    expect((await call('POST', 'logs/webfilter-logs/', { page: 1 }, 'viewer@acme.test')).statusCode).toBe(403);

    const discovery = urlDiscoveryPageSchema.parse((await call('POST', 'reports/url-discovery/', { start_time: '7d' })).json());
    expect(discovery.results.map((r) => r.domain).sort()).toEqual(['example-shop.net', 'intranet-portal-zx.io']);
    const blocked = customListSchema.parse((await call('POST', 'reports/url-discovery/block/', { domain: 'intranet-portal-zx.io' })).json());
    expect(blocked.blocked_urls).toEqual(['intranet-portal-zx.io']);
    const next = await applyNext(agent);
    expect((next.document as { web_filter: { blocked_urls: string[] } }).web_filter.blocked_urls).toEqual(['intranet-portal-zx.io']);
    await call('POST', 'reports/url-discovery/categorise/', { domain: 'example-shop.net', category: 'shopping' });
    await applyNext(agent);
    const after = urlDiscoveryPageSchema.parse((await call('POST', 'reports/url-discovery/', { start_time: '7d' })).json());
    expect(after.results.map((r) => [r.domain, r.listed])).toEqual([['intranet-portal-zx.io', 'blocked']]);
    const rules = urlRulesSchema.parse((await call('GET', 'reports/url-rules/')).json());
    expect(rules.map((r) => r.policy_name)).toEqual(["Organisation's lists", 'Students no games', 'No social', 'Default action']);
  });
});
