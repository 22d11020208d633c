import { describe, expect, it } from 'vitest';
import { apiContractOf } from './api-schema';
import {
  judgeVulnAnswers,
  packVulnReport,
  planVulnProbes,
  redactCredentials,
  vulnInputProblem,
  wafVulnReportSchema,
  wafVulnTestInputSchema,
  type WafVulnAnswer,
} from './vuln-testing';

const contract = apiContractOf({
  paths: {
    '/orders/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] }, delete: {} },
    '/search': { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] } },
    '/health': { get: {} },
  },
});
const input = (over: Record<string, unknown> = {}) =>
  wafVulnTestInputSchema.parse({
    application_id: '11111111-1111-4111-8111-111111111111',
    edge_id: '22222222-2222-4222-8222-222222222222',
    account_a: 'Bearer token-of-alice',
    account_b: 'Bearer token-of-bob',
    sample_params: { id: '42' },
    ...over,
  });
const answer = (status: number, body = '', headers: Record<string, string> = {}): WafVulnAnswer => ({
  status,
  body,
  headers: { 'x-content-type-options': 'nosniff', 'content-type': 'application/json', ...headers },
});

describe('the probe plan', () => {
  it('asks each read operation, account A’s object as A then as B, never a write', () => {
    const plan = planVulnProbes(contract, input());
    expect(plan.every((p) => p.method === 'GET')).toBe(true);
    expect(plan.filter((p) => p.check === 'bola').map((p) => [p.path, p.as])).toEqual([
      ['/orders/42', 'a'],
      ['/orders/42', 'b'],
    ]);
    expect(plan.filter((p) => p.check === 'auth').map((p) => p.path)).toEqual(['/orders/42', '/search', '/health']);
    const injection = plan.filter((p) => p.check === 'injection');
    expect(injection).toHaveLength(1);
    expect(decodeURIComponent(injection[0]!.path)).toContain(`q=${injection[0]!.marker}'"<${injection[0]!.marker}>`);
    expect(plan.filter((p) => p.check === 'errors').map((p) => p.path)).toEqual(['/orders/not-a-number', '/search?q=%25ff%2500~']);
  });

  it('stops at the run’s bound and leaves out the checks not asked', () => {
    expect(planVulnProbes(contract, input({ max_requests: 3 }))).toHaveLength(3);
    expect(new Set(planVulnProbes(contract, input({ checks: ['auth'] })).map((p) => p.check))).toEqual(new Set(['auth']));
  });

  it('needs both accounts for BOLA', () => {
    expect(vulnInputProblem(input({ account_b: null }))?.field).toBe('account_b');
    expect(vulnInputProblem(input({ account_b: null, checks: ['auth'] }))).toBeNull();
    expect(wafVulnTestInputSchema.safeParse({ ...input(), rate_per_s: 11 }).success).toBe(false);
  });
});

describe('judging the answers', () => {
  const ctx = { https: true, secrets: ['Bearer token-of-alice', 'Bearer token-of-bob'] };

  it('finds BOLA only when B reads the object A reads', () => {
    const plan = planVulnProbes(contract, input({ checks: ['bola'] }));
    const leaked = judgeVulnAnswers(plan, [answer(200, '{"id":42}'), answer(200, '{"id":42,"owner":"alice"}')], ctx);
    expect(leaked.map((f) => [f.check, f.owasp, f.severity, f.path, f.status])).toEqual([['bola', 'API1:2023', 'critical', '/orders/42', 200]]);
    expect(judgeVulnAnswers(plan, [answer(200, '{}'), answer(404, '')], ctx)).toEqual([]);
    expect(judgeVulnAnswers(plan, [answer(404, ''), answer(200, '{}')], ctx)).toEqual([]);
  });

  it('finds missing authentication, a SQL error and a reflected probe, and never shows a credential', () => {
    const plan = planVulnProbes(contract, input({ checks: ['auth', 'injection'] }));
    const marker = plan.find((p) => p.check === 'injection')!.marker!;
    const answers = plan.map((p) =>
      p.check === 'auth'
        ? p.path === '/health'
          ? answer(200, 'ok')
          : answer(401)
        : answer(500, `You have an error in your SQL syntax near '${marker}' for Bearer token-of-alice`),
    );
    const found = judgeVulnAnswers(plan, answers, ctx);
    expect(found.map((f) => [f.check, f.title, f.template])).toEqual([
      ['auth', 'Answered without credentials', '/health'],
      ['injection', 'SQL error in the answer to a quote', '/search'],
      ['errors', 'Internal details in an error answer', '/search'],
    ]);
    expect(found[1]!.excerpt).toContain('SQL syntax');
    expect(JSON.stringify(found)).not.toContain('token-of-alice');
    const html = judgeVulnAnswers(
      plan,
      [...answers.slice(0, 3), answer(200, `<p>${decodeURIComponent(plan[3]!.path.split('q=')[1]!)}</p>`, { 'content-type': 'text/html' })],
      ctx,
    );
    expect(html.find((f) => f.check === 'injection')?.title).toBe('Probe reflected unescaped');
  });

  it('finds stack traces in 5xx bodies, and missing headers once for the application', () => {
    const plan = planVulnProbes(contract, input({ checks: ['errors', 'headers'] }));
    const found = judgeVulnAnswers(
      plan,
      plan.map((p) =>
        p.check === 'headers'
          ? {
              status: 200,
              body: '<html></html>',
              headers: { 'content-type': 'text/html', 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' },
            }
          : answer(500, 'TypeError: x\n    at handler (/home/app/server.js:10:5)'),
      ),
      ctx,
    );
    expect(found.map((f) => `${f.check}:${f.title}`).sort()).toEqual([
      'errors:Internal details in an error answer',
      'errors:Internal details in an error answer',
      'headers:Any origin allowed with credentials',
      'headers:HTML without a CSP or X-Frame-Options',
      'headers:No Strict-Transport-Security on HTTPS',
      'headers:No X-Content-Type-Options: nosniff',
    ]);
    const safe = {
      status: 200,
      body: '{}',
      headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', 'strict-transport-security': 'max-age=1' },
    };
    expect(judgeVulnAnswers(plan, [safe, answer(400, '{"error":"bad id"}'), answer(400, '{}')], ctx)).toEqual([]);
  });

  it('keeps a report within a job answer, leaving out the least severe findings', () => {
    expect(redactCredentials('x Bearer abcd y abcd', ['Bearer abcd'])).toBe('x [redacted] y [redacted]');
    const finding = judgeVulnAnswers(planVulnProbes(contract, input({ checks: ['auth'] })), [answer(200, 'x'.repeat(300))], ctx)[0]!;
    const text = packVulnReport({ sent: 60, stopped: null, findings: Array.from({ length: 60 }, () => finding) }, 5_000);
    const report = wafVulnReportSchema.parse(JSON.parse(text));
    expect(text.length).toBeLessThanOrEqual(5_000);
    expect(report.left_out).toBeGreaterThan(0);
    expect(report.findings.length + report.left_out).toBe(60);
  });
});
