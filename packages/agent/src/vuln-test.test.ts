import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiContractOf, planVulnProbes, wafVulnReportSchema, wafVulnTestInputSchema, type WafVulnJob } from '@netloom/domain';
import { runVulnTest } from './vuln-test';

const ALICE = 'Bearer alice-secret-token';
const BOB = 'Bearer bob-secret-token';
const OWNER: Record<string, string> = { '42': ALICE };

/**
 * A small origin: `vulnerable` has one BOLA (any signed-in account reads any order), one
 * unauthenticated endpoint (/status), one SQL error leak (/search with a quote) and sends no
 * security headers; the safe one checks ownership, authenticates everything, answers errors
 * plainly and sends its headers.
 */
function origin(vulnerable: boolean) {
  return http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://origin');
    const auth = req.headers.authorization;
    const signedIn = auth === ALICE || auth === BOB;
    const json = (status: number, body: unknown) => {
      if (!vulnerable) res.setHeader('x-content-type-options', 'nosniff');
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/status') return vulnerable || signedIn ? json(200, { up: true }) : json(401, { error: 'sign in' });
    if (!signedIn) return json(401, { error: 'sign in' });
    const order = /^\/orders\/([^/]+)$/.exec(url.pathname)?.[1];
    if (order !== undefined) {
      if (!/^\d+$/.test(order)) return json(400, { error: 'bad id' });
      if (!vulnerable && OWNER[order] !== auth) return json(404, { error: 'no such order' });
      return json(200, { id: Number(order), total: 12.5 });
    }
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      if (vulnerable && q.includes("'")) return json(500, { error: `You have an error in your SQL syntax; check the manual near '${q.slice(0, 20)}'` });
      return json(200, { results: [] });
    }
    json(404, { error: 'not found' });
  });
}

const contract = apiContractOf({
  paths: {
    '/orders/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] } },
    '/search': { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] } },
    '/status': { get: {} },
  },
});
const servers = { vulnerable: origin(true), safe: origin(false) };
const urls: Record<string, string> = {};
const seen: string[] = [];

beforeAll(async () => {
  for (const [name, server] of Object.entries(servers)) {
    server.on('request', (req: http.IncomingMessage) => seen.push(`${req.headers.host} ${req.method} ${req.url}`));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => Object.values(servers).forEach((s) => s.close()));

function job(url: string, over: Partial<WafVulnJob> = {}): WafVulnJob {
  const input = wafVulnTestInputSchema.parse({
    application_id: '11111111-1111-4111-8111-111111111111',
    edge_id: '22222222-2222-4222-8222-222222222222',
    account_a: ALICE,
    account_b: BOB,
    sample_params: { id: '42' },
  });
  return {
    application_id: input.application_id,
    origin: url,
    host: 'api.shop.example',
    plan: planVulnProbes(contract, input),
    rate_per_s: 10,
    time_limit_s: 60,
    accounts: { a: { secret: ALICE }, b: { secret: BOB } },
    ...over,
  };
}

describe('a vulnerability test from the edge host', () => {
  it('finds exactly the vulnerable origin’s weaknesses, at the run’s rate, never echoing a credential', async () => {
    const t0 = Date.now();
    const told: number[] = [];
    const text = await runVulnTest(job(urls.vulnerable!), new AbortController().signal, (sent) => told.push(sent));
    const report = wafVulnReportSchema.parse(JSON.parse(text));
    const plan = job(urls.vulnerable!).plan;
    expect(report.sent).toBe(plan.length);
    expect(told).toEqual(Array.from({ length: Math.ceil(plan.length / 5) - 1 }, (_, i) => (i + 1) * 5));
    // n requests at 10/s: the last goes (n-1)/10 s after the first.
    expect(Date.now() - t0).toBeGreaterThanOrEqual((plan.length - 1) * 100 - 20);
    expect(report.findings.map((f) => [f.check, f.title, f.template, f.status]).sort()).toEqual(
      [
        ['auth', 'Answered without credentials', '/status', 200],
        ['bola', 'Account B read an object of account A', '/orders/{id}', 200],
        ['errors', 'Internal details in an error answer', '/search', 500],
        ['headers', 'No X-Content-Type-Options: nosniff', '*', 200],
        ['injection', 'SQL error in the answer to a quote', '/search', 500],
      ].sort(),
    );
    expect(report.findings.find((f) => f.check === 'injection')!.excerpt).toContain('SQL syntax');
    expect(text).not.toContain('secret-token');
    expect(seen.some((s) => s.startsWith('api.shop.example GET /orders/42'))).toBe(true);
  });

  it('finds nothing on a safe origin', async () => {
    const report = wafVulnReportSchema.parse(JSON.parse(await runVulnTest(job(urls.safe!), new AbortController().signal)));
    expect(report.findings).toEqual([]);
    expect(report.stopped).toBeNull();
  });

  it('stops when asked, and at its time limit', async () => {
    const stop = new AbortController();
    const running = runVulnTest(job(urls.safe!, { rate_per_s: 2 }), stop.signal);
    setTimeout(() => stop.abort(), 700);
    const stopped = wafVulnReportSchema.parse(JSON.parse(await running));
    expect(stopped.stopped).toBe('stopped');
    expect(stopped.sent).toBe(2);
    const limited = wafVulnReportSchema.parse(JSON.parse(await runVulnTest(job(urls.safe!, { rate_per_s: 2, time_limit_s: 1 }), new AbortController().signal)));
    expect(limited.stopped).toBe('time limit of 1 s reached');
    expect(limited.sent).toBe(2);
  });
});
