import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiDiscoverySettingsSchema,
  logListSchema,
  wafApiDriftRowSchema,
  wafApiInventoryRowSchema,
  wafApplicationSchema,
  wafDiscoveredEndpointSchema,
  wafEdgeSchema,
  type WafRequest,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

const request = (over: Partial<WafRequest>): WafRequest => ({
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

const OPENAPI = (extra = '') =>
  [
    'openapi: 3.0.3',
    'info: { title: Shop API, version: 1.2.0 }',
    'paths:',
    '  /v1/users/{userId}:',
    '    get:',
    '      parameters:',
    '        - { name: userId, in: path, required: true, schema: { type: integer } }',
    '        - { name: expand, in: query, schema: { type: boolean } }',
    extra,
    "      responses: { '200': { description: A user } }",
    '  /v1/orders:',
    '    post:',
    "      responses: { '201': { description: Created } }",
  ]
    .filter(Boolean)
    .join('\n');

describe.each(testBackends('pglite'))('QShield API discovery settings and drift on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let globexTenant: string;
  const tokens: Record<string, string> = {};
  let agent: TestAgent;
  let edgeId: string;
  let seq = 100;
  let shop: string;
  let api: string;

  const call = (method: 'GET' | 'PUT', path: string, payload?: unknown, who = 'owner@acme.test', tenant = acme.tenantId) =>
    t.app.inject({
      method,
      url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenant}`,
      headers: bearer(tokens[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const feed = async (requests: WafRequest[]) => {
    seq += 1;
    agent.send({ type: 'waf_events', seq, requests, attacks: [] });
    expect(await agent.next('ack')).toMatchObject({ seq, duplicate: false });
  };
  const discovered = async (application: string) =>
    wafDiscoveredEndpointSchema
      .array()
      .parse((await call('GET', `waap/analytics/api-discovery/?application_id=${application}`)).json())
      .map((e) => [e.method, e.template, e.requests, e.estimated]);
  const drift = async (query = '', who = 'viewer@acme.test', tenant = acme.tenantId) =>
    wafApiDriftRowSchema.array().parse((await call('GET', `waap/api-security/diff-logs/?application_id=${api}${query}`, undefined, who, tenant)).json());
  const show = (rows: { kind: string; method: string; path: string; param: string | null }[]) =>
    rows.map((r) => `${r.kind} ${r.method} ${r.path}${r.param ? ` ${r.param}` : ''}`).sort();

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    globexTenant = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['owner@acme.test', 'admin@acme.test', 'editor@acme.test', 'viewer@acme.test', 'owner@globex.test'])
      tokens[who] = (await login(t.app, who)).access;
    agent = await TestAgent.connect(t.app);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'EDGE-API', name: 'edge-api', kind: 'gateway', device_type: 'waf-edge' });
    edgeId = ((await agent.next('welcome')) as { device_id: string }).device_id;
    agent.heartbeat();
    await agent.next('ack');
    expect(wafEdgeSchema.array().parse((await call('GET', 'waap/devices/')).json())).toHaveLength(1);
    const onboard = async (name: string, domains: string[]) => {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/v1/waap/domains/?tenant_id=${acme.tenantId}`,
        headers: bearer(tokens['owner@acme.test']!),
        payload: {
          name,
          domains,
          origins: [{ url: 'http://10.0.0.5:8080', weight: 1 }],
          health_check: { path: '/health', interval_s: 30 },
          tls_mode: 'none',
          edge_ids: [edgeId],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      return wafApplicationSchema.parse(created.json()).id;
    };
    shop = await onboard('Shop', ['shop.acme.test', 'www.acme.test']);
    api = await onboard('Api', ['api.acme.test']);
  });
  afterAll(async () => {
    agent?.ws.terminate();
    await t.close();
  });

  it('discovers only the hosts and paths the settings name, never an exclusion, and scales a sample’s counts as estimates', async () => {
    const defaults = apiDiscoverySettingsSchema.parse((await call('GET', `waap/domains/${shop}/api-discovery/`, undefined, 'viewer@acme.test')).json());
    expect(defaults).toMatchObject({ enabled: true, hosts: [], path_prefixes: [], sampling_percent: 100, defaults: true });
    expect(defaults.exclusions).toContain('*.js');
    await feed([
      request({ application_id: shop, path: '/api/users/1', request_id: 's-1' }),
      request({ application_id: shop, host: 'www.acme.test', path: '/api/users/2', request_id: 's-2' }),
      request({ application_id: shop, path: '/api/export.json', request_id: 's-3' }),
      request({ application_id: shop, path: '/blog/7', request_id: 's-4' }),
      request({ application_id: shop, path: '/static/app.js', request_id: 's-5' }),
    ]);
    // The defaults: every host and path, static assets never.
    expect(await discovered(shop)).toEqual([
      ['GET', '/api/users/{id}', 2, false],
      ['GET', '/api/export.json', 1, false],
      ['GET', '/blog/{id}', 1, false],
    ]);

    const settings = { enabled: true, hosts: ['shop.acme.test'], path_prefixes: ['/api/'], exclusions: ['*.json'], sampling_percent: 100 };
    expect((await call('PUT', `waap/domains/${shop}/api-discovery/`, settings, 'editor@acme.test')).statusCode).toBe(403);
    const foreign = await call('PUT', `waap/domains/${shop}/api-discovery/`, { ...settings, hosts: ['shop.acme.test', 'api.acme.test'] }, 'admin@acme.test');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ 'hosts.1': ['Not one of the application’s domains: api.acme.test'] });
    const saved = await call('PUT', `waap/domains/${shop}/api-discovery/`, settings, 'admin@acme.test');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(apiDiscoverySettingsSchema.parse(saved.json())).toMatchObject({ ...settings, defaults: false, updated_by: 'admin@acme.test' });
    expect(await discovered(shop)).toEqual([['GET', '/api/users/{id}', 1, false]]);
    const inventory = wafApiInventoryRowSchema.array().parse((await call('GET', `waap/api-security/inventory/?application_id=${shop}`)).json());
    expect(inventory.map((r) => [r.state, r.path, r.requests])).toEqual([['undocumented', '/api/users/{id}', 1]]);
    const audited = logListSchema.parse((await call('GET', 'logs/activity-logs/?page_size=0&search=waf_api_discovery_settings_changed')).json());
    expect(audited.results[0]).toMatchObject({ user: 'admin@acme.test', target: shop });

    // A 25 % sample: the same requests are always in it, and the counts are scaled back.
    await feed(Array.from({ length: 400 }, (_, i) => request({ application_id: shop, path: `/api/items/${i}`, request_id: `sample-${i}` })));
    await call('PUT', `waap/domains/${shop}/api-discovery/`, { ...settings, sampling_percent: 25 }, 'owner@acme.test');
    const [items] = (await discovered(shop)).filter(([, template]) => template === '/api/items/{id}');
    expect(items![3]).toBe(true);
    expect(items![2]).toBeGreaterThan(250);
    expect(items![2]).toBeLessThan(550);
    expect((items![2] as number) % 4).toBe(0);
    expect(await discovered(shop)).toContainEqual(items);

    await call('PUT', `waap/domains/${shop}/api-discovery/`, { ...settings, enabled: false }, 'owner@acme.test');
    expect(await discovered(shop)).toEqual([]);
    expect((await call('GET', `waap/domains/${shop}/api-discovery/`, undefined, 'owner@globex.test', globexTenant)).statusCode).toBe(404);
    expect((await call('PUT', `waap/domains/${shop}/api-discovery/`, settings, 'owner@globex.test', globexTenant)).statusCode).toBe(404);
  });

  it('records each drift between traffic and document once, with when it appeared, and resolves it when the document declares it', async () => {
    await feed([
      request({ application_id: api, host: 'api.acme.test', path: '/v1/users/1?expand=yes&debug=1', request_id: 'd-1' }),
      request({ application_id: api, host: 'api.acme.test', method: 'DELETE', path: '/v1/cache', request_id: 'd-2' }),
    ]);
    // Nothing to compare with before a document: no drift.
    expect(await t.app.services.wafApis.checkAllDrift()).toBe(0);
    expect(await drift()).toEqual([]);

    expect((await call('PUT', `waap/domains/${api}/openapi/`, { document: OPENAPI() })).statusCode).toBe(200);
    const open = await drift('&state=open');
    expect(show(open)).toEqual([
      'shadow DELETE /v1/cache',
      'type_mismatch GET /v1/users/{userId} expand',
      'undeclared_param GET /v1/users/{userId} debug',
      'zombie POST /v1/orders',
    ]);
    expect(open.find((r) => r.kind === 'type_mismatch')).toMatchObject({ application: 'Api', detail: 'Declared boolean; seen string', resolved_at: null });
    // The periodic check finds nothing new: each finding is recorded once.
    expect(await t.app.services.wafApis.checkAllDrift()).toBe(0);
    expect(await drift()).toHaveLength(4);

    const declared = OPENAPI('        - { name: debug, in: query, schema: { type: integer } }');
    expect((await call('PUT', `waap/domains/${api}/openapi/`, { document: declared })).statusCode).toBe(200);
    const resolved = await drift('&state=resolved');
    expect(resolved.map((r) => [r.kind, r.param, r.resolution])).toEqual([['undeclared_param', 'debug', 'The document now declares it']]);
    expect(resolved[0]!.resolved_at).not.toBeNull();
    expect(show(await drift('&kind=zombie'))).toEqual(['zombie POST /v1/orders']);
    expect(await drift('', 'owner@globex.test', globexTenant)).toEqual([]);
  });
});
