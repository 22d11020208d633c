import { describe, expect, it } from 'vitest';
import { apiContractOf, planVulnProbes, wafVulnReportSchema, wafVulnTestInputSchema } from '@netloom/domain';
import { mulberry32 } from './prng';
import { WafPopBehaviour, wafPopProfile } from './waf-pop';

describe('a simulated POP’s vulnerability test', () => {
  it('answers with the findings of its simulated application, never its accounts’ credentials', async () => {
    const random = mulberry32(7);
    const pop = new WafPopBehaviour(wafPopProfile(random, 0), random);
    const input = wafVulnTestInputSchema.parse({
      application_id: '11111111-1111-4111-8111-111111111111',
      edge_id: '22222222-2222-4222-8222-222222222222',
      account_a: 'Bearer a-token-1',
      account_b: 'Bearer b-token-2',
    });
    const contract = apiContractOf({
      paths: {
        '/orders/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] } },
        '/search': { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] } },
        '/health': { get: {} },
      },
    });
    const plan = planVulnProbes(contract, input);
    const text = await pop.vulnTest(
      {
        application_id: input.application_id,
        origin: 'https://origin.example',
        host: 'shop.example',
        plan,
        rate_per_s: 10,
        time_limit_s: 60,
        accounts: { a: { secret: 'Bearer a-token-1' }, b: { secret: 'Bearer b-token-2' } },
      },
      new AbortController().signal,
    );
    const report = wafVulnReportSchema.parse(JSON.parse(text));
    expect(report.sent).toBe(plan.length);
    expect(new Set(report.findings.map((f) => f.check))).toEqual(new Set(['bola', 'auth', 'injection', 'errors', 'headers']));
    expect(text).not.toContain('token-1');
  });
});
