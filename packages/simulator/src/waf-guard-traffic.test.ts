import { describe, expect, it } from 'vitest';
import { DEFAULT_WAF_POLICY, EDGE_RULE_IDS, wafGraphqlSchema, wafLoginProtectionSchema, type ConfigDocument, type WafPolicy } from '@netloom/domain';
import { mulberry32 } from './prng';
import { WafPopBehaviour, wafPopProfile } from './waf-pop';

const APP = '6a1f5c1e-1f8e-4a56-9a0e-2d7f3b1c0a11';
const NOON = new Date('2026-11-30T12:00:00Z');
const GUARDED: Partial<WafPolicy> = {
  graphql: wafGraphqlSchema.parse({ enabled: true }),
  login_protection: wafLoginProtectionSchema.parse({ enabled: true, endpoints: [{ path: '/api/login', username_field: 'email' }] }),
};
const documentWith = (policy: Partial<WafPolicy>): ConfigDocument => ({
  waf: {
    applications: [
      {
        id: APP,
        name: 'Shop',
        domains: ['shop.acme.test'],
        origins: [{ url: 'http://10.0.0.5:8080', weight: 1 }],
        health_check: { path: '/', interval_s: 30 },
        tls: null,
        policy: { ...DEFAULT_WAF_POLICY, ...policy },
        threat_lists: [],
        blocked_api_keys: [],
        api_schema: null,
      },
    ],
  },
});

/** Ten intervals of a POP (different seeds), their traffic together. */
function runs(policy: Partial<WafPolicy>) {
  return Array.from({ length: 10 }, (_, i) => {
    const random = mulberry32(100 + i);
    const pop = new WafPopBehaviour({ ...wafPopProfile(random, 0), attackShare: 0 }, random);
    pop.configure(documentWith(policy));
    return pop.wafEvents(NOON, 300);
  }).reduce((a, b) => ({ requests: [...a.requests, ...b.requests], attacks: [...a.attacks, ...b.attacks] }));
}

describe("a simulated POP's API guard", () => {
  it('reports nothing of GraphQL or logins while the policy leaves the guard off', () => {
    const { requests, attacks } = runs({});
    expect(requests.some((r) => r.graphql || r.login)).toBe(false);
    expect(attacks).toEqual([]);
  });

  it("reports customers' GraphQL operations and refuses a scanner's queries past the limits, saying which", () => {
    const { requests, attacks } = runs(GUARDED);
    const ops = requests.filter((r) => r.graphql);
    expect(new Set(ops.map((r) => r.graphql!.name))).toContain('GetProducts');
    const refused = attacks.filter((a) => a.rules[0]!.id === EDGE_RULE_IDS.graphql);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      const seen = requests.find((r) => r.request_id === a.request_id)!.graphql!;
      expect(a).toMatchObject({ action: 'blocked', status: 403 });
      expect(seen.depth > 10 || seen.aliases > 15 || seen.introspection).toBe(true);
      expect(a.rules[0]!.data).toMatch(/^(depth \d+ over 10|aliases \d+ over 15|introspection)$/);
    }
  });

  it('challenges a credential-stuffing script once it passes the address threshold, never a customer', () => {
    const { requests, attacks } = runs(GUARDED);
    const logins = requests.filter((r) => r.login);
    const challenged = attacks.filter((a) => a.rules[0]!.id === EDGE_RULE_IDS.loginAbuse);
    expect(challenged.length).toBeGreaterThan(0);
    expect(challenged.every((a) => a.action === 'challenged' && a.user_agent === 'python-requests/2.31.0')).toBe(true);
    for (const a of challenged) {
      // Each challenged attempt came after at least ten failures of its address in that run.
      const before = logins.filter((r) => r.client_ip === a.client_ip && r.login!.failed && r.request_id !== a.request_id);
      expect(before.length).toBeGreaterThanOrEqual(10);
    }
    const customers = logins.filter((r) => r.user_agent?.startsWith('Mozilla/5.0'));
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.some((r) => !r.login!.failed)).toBe(true);
    expect(challenged.some((a) => customers.some((c) => c.request_id === a.request_id))).toBe(false);
  });

  it('only logs in detection mode, and a denied country never reaches the guard', () => {
    const detection = runs({ ...GUARDED, mode: 'detection' });
    expect(detection.attacks.length).toBeGreaterThan(0);
    expect(detection.attacks.every((a) => a.action === 'detected' && a.status !== 403)).toBe(true);
    const denied = runs({ ...GUARDED, country_deny: ['RU', 'CN', 'DE', 'NL', 'US', 'RO'] });
    expect(denied.attacks).toEqual([]);
  });

  it('with its scripted clients every interval, even a 2 s report at night holds a GraphQL operation, a refused query and a challenged stuffing run', () => {
    const night = new Date('2026-11-30T02:00:00Z');
    for (let i = 0; i < 5; i++) {
      const random = mulberry32(200 + i);
      const pop = new WafPopBehaviour({ ...wafPopProfile(random, 0), attackShare: 0 }, random, { scannerChance: 1, stuffingChance: 1 });
      pop.configure(documentWith(GUARDED));
      const { requests, attacks } = pop.wafEvents(night, 2);
      expect(requests.some((r) => r.graphql && !r.graphql.introspection && r.graphql.depth <= 10 && r.graphql.aliases <= 15)).toBe(true);
      expect(attacks.some((a) => a.rules[0]!.id === EDGE_RULE_IDS.graphql)).toBe(true);
      expect(attacks.some((a) => a.rules[0]!.id === EDGE_RULE_IDS.loginAbuse && a.action === 'challenged')).toBe(true);
    }
  });
});
