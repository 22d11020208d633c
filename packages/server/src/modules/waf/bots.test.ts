import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAbuseViewSchema,
  wafApplicationSchema,
  wafBotSettingsViewSchema,
  wafBotSummarySchema,
  wafSectionSchema,
  type WafBotSettings,
  type WafRequest,
} from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { loopbackDns } from '../../test/loopback-dns';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HINTS = '"Chromium";v="131", "Google Chrome";v="131", "Not_A Brand";v="24"';
const fingerprint = (key: string) => createHash('sha1').update(key).digest('hex').slice(0, 16);

describe.each(testBackends('pglite'))('QShield bot protection on %s', (backend) => {
  let t: TestApp;
  let dns: Awaited<ReturnType<typeof loopbackDns>>;
  let acme: { tenantId: string; key: string };
  let globexTenant: string;
  const tokens: Record<string, string> = {};
  let agent: TestAgent;
  let shop: string;
  let seq = 100;

  beforeAll(async () => {
    // Reverse DNS is asked of a real DNS server on loopback, never of the host's resolver.
    dns = await loopbackDns({
      hosts: [
        ['crawl-192-0-2-50.googlebot.com', '192.0.2.50'],
        ['fake.googlebot.com', '10.9.9.9'],
      ],
      ptr: [['45.155.205.233', 'fake.googlebot.com']],
    });
    t = await build(backend, (c) => ({ ...c, waf: { ...c.waf, dnsServers: [dns.server], addressLookup: async () => [] } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    globexTenant = (await enrolmentKey(t.app, 'Globex')).tenantId;
    for (const who of ['owner@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
    agent = await TestAgent.connect(t.app);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial: 'BOT-EDGE', name: 'bot-edge', kind: 'gateway', device_type: 'waf-edge' });
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
    });
    shop = wafApplicationSchema.parse(created.json()).id;
    await applyNext();
  });
  afterAll(async () => {
    agent?.ws.terminate();
    await t?.close();
    await dns?.stop();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown, who = 'owner@acme.test', tenant = acme.tenantId) =>
    t.app.inject({
      method,
      url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenant}`,
      headers: bearer(tokens[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const applyNext = async () => {
    const job = (await agent.next('job', 10_000)) as { job_id: string; payload: { document: Record<string, unknown>; config_hash: string } };
    agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: job.payload.config_hash });
    await agent.next('ack');
    return wafSectionSchema.parse(job.payload.document.waf);
  };
  const send = async (requests: WafRequest[]) => {
    agent.send({ type: 'waf_events', seq: ++seq, requests, attacks: [] });
    expect(await agent.next('ack')).toMatchObject({ seq, duplicate: false });
  };
  /** A client's requests, `gapMs` apart (jittered unless `regular`), ending now, with a browser's headers unless told otherwise. */
  let n = 0;
  const client = (
    ip: string,
    ua: string | null,
    count: number,
    o: { gapMs?: number; regular?: boolean; headers?: Partial<WafRequest>; path?: (i: number) => string } = {},
  ) =>
    Array.from({ length: count }, (_, i): WafRequest => {
      const gap = o.gapMs ?? 20_000;
      const back = (count - i) * gap + (o.regular ? 0 : ((i * 7919) % 13) * gap * 0.1);
      return {
        at: new Date(Date.now() - back).toISOString(),
        application_id: shop,
        request_id: `bot-${++n}`,
        host: 'shop.acme.test',
        client_ip: ip,
        method: 'GET',
        path: o.path ? o.path(i) : `/products/${i % 3}`,
        status: 200,
        bytes: 900,
        elapsed_ms: 3,
        user_agent: ua,
        accept_language: 'en-GB,en;q=0.9',
        accept_encoding: 'gzip, deflate, br',
        sec_ch_ua: ua === CHROME ? HINTS : null,
        api_key: null,
        bot_class: null,
        ...o.headers,
      };
    });

  it('classes each client by its user agent, headers, timing and reverse DNS, and says which signals marked it', async () => {
    await send([
      ...client('198.51.100.7', CHROME, 12),
      // A browser's user agent at a metronome's pace, one without Accept-Language, one whose hints name another version.
      ...client('198.51.100.8', CHROME, 15, { gapMs: 2_000, regular: true }),
      ...client('198.51.100.9', CHROME, 5, { headers: { accept_language: null } }),
      ...client('198.51.100.10', CHROME, 5, { headers: { sec_ch_ua: '"Chromium";v="99"' } }),
      ...client('198.51.100.11', CHROME.replace('Chrome/', 'HeadlessChrome/'), 3),
      // Googlebot from its published ranges, from an address its reverse DNS proves, and from one it does not.
      ...client('66.249.66.1', GOOGLEBOT, 2, { headers: { accept_language: null } }),
      ...client('192.0.2.50', GOOGLEBOT, 2, { headers: { accept_language: null } }),
      ...client('45.155.205.233', GOOGLEBOT, 4, { headers: { accept_language: null } }),
    ]);
    const bots = wafBotSummarySchema.parse((await call('GET', 'waap/bots/summary/')).json());
    const of = (ip: string) => bots.clients.find((c) => c.client_ip === ip);
    expect(of('198.51.100.7')).toBeUndefined();
    expect(of('198.51.100.8')).toMatchObject({ class: 'automated', family: 'Chrome', signals: ['regular_timing'] });
    expect(of('198.51.100.9')).toMatchObject({ class: 'automated', signals: ['no_accept_language'] });
    expect(of('198.51.100.10')).toMatchObject({ class: 'automated', signals: ['client_hints_mismatch'] });
    expect(of('198.51.100.11')).toMatchObject({ class: 'automated', signals: ['headless'] });
    expect(of('66.249.66.1')).toMatchObject({ class: 'verified_bot', family: 'Googlebot', signals: ['verified_ranges'] });
    expect(of('192.0.2.50')).toMatchObject({ class: 'verified_bot', family: 'Googlebot', signals: ['verified_rdns'] });
    expect(of('45.155.205.233')).toMatchObject({ class: 'likely_bot', family: 'Googlebot', signals: ['impersonator'] });
    expect(wafBotSummarySchema.parse((await call('GET', 'waap/bots/summary/', undefined, 'owner@globex.test', globexTenant)).json()).clients).toEqual([]);
  });

  it('keeps the organisation’s good bots and actions; a change reaches the edges as managed lists, and a sweep pushes only what changed', async () => {
    const shipped = wafBotSettingsViewSchema.parse((await call('GET', 'waap/bots/settings/', undefined, 'viewer@acme.test')).json());
    expect(shipped.good_bots.find((b) => b.name === 'Googlebot')?.rdns_suffixes).toContain('.googlebot.com');
    expect(shipped.actions.verified_bot.action).toBe('allow');
    expect(shipped.members).toEqual({ verified_bot: 0, likely_bot: 0, automated: 0 });

    const settings: WafBotSettings = {
      good_bots: shipped.good_bots,
      actions: {
        verified_bot: { action: 'allow', requests_per_minute: 60 },
        likely_bot: { action: 'block', requests_per_minute: 60 },
        automated: { action: 'rate_limit', requests_per_minute: 30 },
      },
      application_actions: {},
    };
    expect((await call('PUT', 'waap/bots/settings/', settings, 'viewer@acme.test')).statusCode).toBe(403);
    const bad = await call('PUT', 'waap/bots/settings/', {
      ...settings,
      good_bots: [{ name: 'X', user_agent: 'X', rdns_suffixes: ['googlebot'], ranges: [] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['good_bots.0.rdns_suffixes.0']);
    const foreign = await call('PUT', 'waap/bots/settings/', { ...settings, application_actions: { [globexTenant]: settings.actions } });
    expect(foreign.statusCode).toBe(422);

    const saved = wafBotSettingsViewSchema.parse((await call('PUT', 'waap/bots/settings/', settings)).json());
    expect(saved.members).toEqual({ verified_bot: 0, likely_bot: 1, automated: 4 });
    const lists = (await applyNext()).applications[0]!.threat_lists;
    expect(lists.map((l) => [l.name, l.action, l.requests_per_minute ?? null, l.cidrs])).toEqual([
      ['Bot protection: likely bots', 'deny', null, ['45.155.205.233']],
      ['Bot protection: automated clients', 'rate_limit', 30, ['198.51.100.10', '198.51.100.11', '198.51.100.8', '198.51.100.9']],
    ]);
    // Another organisation's settings are its own.
    expect(wafBotSettingsViewSchema.parse((await call('GET', 'waap/bots/settings/', undefined, 'owner@globex.test', globexTenant)).json()).actions).toEqual(
      shipped.actions,
    );

    // Nothing new: the sweep pushes nothing. A new scripted client: its class's list reaches the edge.
    expect(await t.app.services.wafBots.refreshMembers()).toBe(0);
    await send(client('203.0.113.77', 'curl/8.5.0', 3));
    expect(await t.app.services.wafBots.refreshMembers()).toBe(1);
    const again = (await applyNext()).applications[0]!.threat_lists;
    expect(again.find((l) => l.bot_class === 'automated')?.cidrs).toContain('203.0.113.77');
  });

  it('ranks API keys by risk against their own baseline, and refuses a key at the edges by its fingerprint', async () => {
    const walker = fingerprint('sk_live_walker');
    const calm = fingerprint('sk_live_calm');
    await send([
      ...client('203.0.113.20', 'python-requests/2.31.0', 80, { gapMs: 500, headers: { api_key: walker }, path: (i) => `/api/users/${1000 + i}` }),
      ...client('198.51.100.30', 'okhttp/4.12', 10, { headers: { api_key: calm }, path: () => '/api/orders' }),
    ]);
    expect((await call('GET', 'waap/bots/api-abuse/', undefined, 'viewer@acme.test')).statusCode).toBe(403);
    const view = apiAbuseViewSchema.parse((await call('GET', 'waap/bots/api-abuse/')).json());
    expect(view.keys.map((k) => [k.key, k.anomalies.map((a) => a.kind)])).toEqual([
      [walker, ['enumeration']],
      [calm, []],
    ]);
    expect(view.keys[0]).toMatchObject({
      requests: 80,
      clients: ['203.0.113.20'],
      blocked: false,
      top_templates: [{ template: '/api/users/{id}', distinct_ids: 80 }],
    });

    expect((await call('POST', 'waap/bots/api-abuse/block/', { key: 'sk_live_walker', blocked: true })).statusCode).toBe(400);
    const blocked = await call('POST', 'waap/bots/api-abuse/block/', { key: walker, blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await applyNext()).applications[0]!.blocked_api_keys).toEqual([walker]);
    expect(apiAbuseViewSchema.parse((await call('GET', 'waap/bots/api-abuse/')).json()).keys[0]!.blocked).toBe(true);
    expect(apiAbuseViewSchema.parse((await call('GET', 'waap/bots/api-abuse/', undefined, 'owner@globex.test', globexTenant)).json()).keys).toEqual([]);
    await call('POST', 'waap/bots/api-abuse/block/', { key: walker, blocked: false });
    expect((await applyNext()).applications[0]!.blocked_api_keys).toEqual([]);
  });
});
