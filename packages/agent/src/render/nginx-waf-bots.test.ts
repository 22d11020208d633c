import { createHash } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_RULE_IDS, wafEdgeApplicationSchema, wafRequestSchema, type WafEdgeApplication } from '@netloom/domain';
import { NginxWaf } from '../host/nginx';
import { WafLogs } from '../host/waf-logs';
import { testEdgeOptions, testEdgePrefix } from '../test/test-edge';

const APP = '0b8f3d2e-6a41-4c7b-9e15-2d7c4f8a1b90';

describe("bot protection's managed lists and API key fingerprints on the edge (real nginx)", () => {
  const prefix = testEdgePrefix('waf-bots');
  const seen: http.IncomingHttpHeaders[] = [];
  const origin = http.createServer((req, res) => {
    seen.push(req.headers);
    res.end('ok\n');
  });
  let PORT = 0;
  let edge: NginxWaf;
  let logs: WafLogs;
  let running: WafEdgeApplication['policy'] | null = null;

  beforeAll(async () => {
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    edge = new NginxWaf(await testEdgeOptions(prefix));
    PORT = edge.opts.listen.http;
    logs = new WafLogs(path.join(prefix, 'logs'), () => running);
  });
  afterAll(async () => {
    await edge.stop();
    origin.close();
    rmSync(prefix, { recursive: true, force: true });
  });

  const get = (url: string, from: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port: PORT, path: url, headers: { host: 'shop.example.com', ...headers }, agent: false, localAddress: from },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });

  it('limits the rate of a rate-limited class’s addresses only, marks a logged class’s requests, and keeps API keys as fingerprints in a private log', async () => {
    const app = wafEdgeApplicationSchema.parse({
      id: APP,
      name: 'Shop',
      domains: ['shop.example.com'],
      origins: [{ url: `http://127.0.0.1:${(origin.address() as AddressInfo).port}` }],
      health_check: {},
      tls: null,
      policy: { mode: 'blocking', ip_allow: ['127.0.0.8'] },
      threat_lists: [
        {
          id: crypto.randomUUID(),
          name: 'Bots: automated',
          action: 'rate_limit',
          requests_per_minute: 60,
          bot_class: 'automated',
          cidrs: ['127.0.0.5', '127.0.0.8'],
        },
        { id: crypto.randomUUID(), name: 'Bots: likely bot', action: 'log', bot_class: 'likely_bot', cidrs: ['127.0.0.6'] },
      ],
    });
    expect(await edge.apply({ applications: [app] })).toBeNull();
    running = app.policy;
    const burst = async (from: string, headers: Record<string, string> = {}) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) out.push(await get(`/api/items/${i}`, from, headers));
      return out;
    };
    // 60 a minute, no burst: the first passes, the ones that follow at once are refused.
    const limited = await burst('127.0.0.5', { 'user-agent': 'python-requests/2.31.0' });
    expect(limited[0]).toBe(200);
    expect(limited.slice(1)).toEqual([429, 429, 429]);
    // A logged class and an unlisted client pass; an allowed address is never limited, though listed.
    expect(await burst('127.0.0.6')).toEqual([200, 200, 200, 200]);
    expect(await burst('127.0.0.7', { 'x-api-key': 'sk_live_abcdef123456', 'accept-language': 'fr-FR', 'sec-ch-ua': '"Chromium";v="131"' })).toEqual([
      200, 200, 200, 200,
    ]);
    expect(await burst('127.0.0.8')).toEqual([200, 200, 200, 200]);
    await get('/me', '127.0.0.7', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.secret.value' });

    // The credentials reach the origin untouched; the log that holds them is the agent's alone.
    expect(seen.some((h) => h['x-api-key'] === 'sk_live_abcdef123456')).toBe(true);
    expect(statSync(path.join(prefix, 'logs', 'access.log')).mode & 0o777).toBe(0o600);

    const { requests, attacks } = await logs.read();
    for (const r of requests) wafRequestSchema.parse(r);
    expect(JSON.stringify(requests)).not.toContain('sk_live_abcdef123456');
    expect(JSON.stringify(requests)).not.toContain('secret.value');
    const byClient = (ip: string) => requests.filter((r) => r.client_ip === ip);
    expect(byClient('127.0.0.5').map((r) => r.bot_class)).toEqual(['automated', 'automated', 'automated', 'automated']);
    expect(byClient('127.0.0.6').every((r) => r.bot_class === 'likely_bot')).toBe(true);
    const sha1 = (v: string) => createHash('sha1').update(v).digest('hex').slice(0, 16);
    expect(byClient('127.0.0.7').map((r) => r.api_key)).toEqual([
      ...Array(4).fill(sha1('sk_live_abcdef123456')),
      sha1('Bearer eyJhbGciOiJIUzI1NiJ9.secret.value'),
    ]);
    expect(byClient('127.0.0.7')[0]).toMatchObject({ accept_language: 'fr-FR', accept_encoding: null, sec_ch_ua: '"Chromium";v="131"', bot_class: null });
    expect(byClient('127.0.0.6')[0]).toMatchObject({ api_key: null, accept_language: null });
    const refused = attacks.filter((a) => a.action === 'rate_limited');
    expect(refused.map((a) => [a.client_ip, a.rules[0]!.id])).toEqual([
      ['127.0.0.5', EDGE_RULE_IDS.botRateLimit],
      ['127.0.0.5', EDGE_RULE_IDS.botRateLimit],
      ['127.0.0.5', EDGE_RULE_IDS.botRateLimit],
    ]);
    expect(readFileSync(path.join(prefix, 'logs', 'access.log'), 'utf8')).toContain('"bot":"automated"');
  });

  it('refuses a request carrying a refused API key, by the fingerprint ModSecurity computes, whichever header carries it', async () => {
    const sha1 = (v: string) => createHash('sha1').update(v).digest('hex').slice(0, 16);
    const app = wafEdgeApplicationSchema.parse({
      id: APP,
      name: 'Shop',
      domains: ['shop.example.com'],
      origins: [{ url: `http://127.0.0.1:${(origin.address() as AddressInfo).port}` }],
      health_check: {},
      tls: null,
      policy: { mode: 'blocking' },
      blocked_api_keys: [sha1('sk_live_stolen'), sha1('Bearer stolen-token')],
    });
    expect(await edge.apply({ applications: [app] })).toBeNull();
    running = app.policy;
    await logs.read();
    expect(await get('/api/items/1', '127.0.0.9', { 'x-api-key': 'sk_live_stolen' })).toBe(403);
    expect(await get('/api/items/1', '127.0.0.9', { authorization: 'Bearer stolen-token' })).toBe(403);
    expect(await get('/api/items/1', '127.0.0.9', { 'x-api-key': 'sk_live_fine' })).toBe(200);
    expect(await get('/api/items/1', '127.0.0.9')).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const { attacks } = await logs.read();
    const refused = attacks.filter((a) => a.rules.some((r) => r.id === EDGE_RULE_IDS.apiKeyBlock));
    expect(refused.map((a) => [a.status, a.action])).toEqual([
      [403, 'blocked'],
      [403, 'blocked'],
    ]);
    expect(JSON.stringify(refused)).not.toContain('stolen');
  });
});
