import { describe, expect, it } from 'vitest';
import { checkedWafPolicySchema, DEFAULT_WAF_POLICY, wafGroupOfRule, wafPolicySchema } from './policy';
import { wafPolicyDocumentSchema, WAF_PAC_API_VERSION } from './pac';

const issues = (value: unknown) => {
  const r = checkedWafPolicySchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the WAF policy', () => {
  it('defaults to the Core Rule Set blocking at paranoia level 1 with the recommended thresholds', () => {
    expect(DEFAULT_WAF_POLICY).toMatchObject({ mode: 'blocking', paranoia_level: 1, inbound_threshold: 5, outbound_threshold: 4, disabled_groups: [] });
  });

  it('gives list items written by hand an id, and keeps the ids it was given', () => {
    const p = wafPolicySchema.parse({ exclusions: [{ rule_id: 942100, tag: null, path: null, parameter: 'q' }] });
    expect(p.exclusions[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    const id = crypto.randomUUID();
    expect(wafPolicySchema.parse({ rate_limits: [{ id, requests_per_minute: 10 }] }).rate_limits[0]).toEqual({
      id,
      path: '/',
      requests_per_minute: 10,
      burst: 0,
    });
  });

  it('says what is wrong at the field to fix', () => {
    expect(issues({ paranoia_level: 5 })).toEqual(['paranoia_level: Too big: expected number to be <=4']);
    expect(issues({ exclusions: [{ rule_id: 942100, tag: 'attack-sqli', path: null, parameter: null }] })).toEqual([
      'exclusions.0.rule_id: Name a rule id or a tag, not both',
    ]);
    expect(issues({ exclusions: [{ rule_id: 942100, tag: null, path: 'search', parameter: null }] })[0]).toMatch(/^exclusions.0.path: Should start with '\/'/);
    expect(issues({ exclusions: [{ rule_id: 942100, tag: null, path: '/a;b', parameter: null }] })).toHaveLength(1);
    expect(issues({ ip_deny: ['10.0.0.0/33'] })).toHaveLength(1);
    expect(issues({ country_deny: ['XX'] })).toEqual(['country_deny.0: Not a country code (ISO 3166-1 alpha-2)']);
    expect(issues({ country_allow: ['de'], country_deny: ['DE'] })).toEqual(['country_deny: Allowed and denied at once: DE']);
    const twice = `SecRule ARGS "@contains x" "id:7,phase:2,deny"`;
    expect(
      issues({
        custom_rules: [
          { name: 'a', rule: twice },
          { name: 'b', rule: twice },
        ],
      }),
    ).toEqual(['custom_rules.1.rule: Rule id 7 is used by rule 1 too']);
    expect(issues({ rate_limits: [{ requests_per_minute: 5 }, { requests_per_minute: 9 }] })).toEqual([
      'rate_limits.1.path: This path has a rate limit already',
    ]);
    expect(issues({ ddos: { strict_requests_per_second_per_client: 99, requests_per_second_per_client: 10 } })).toEqual([
      'ddos.strict_requests_per_second_per_client: The strict limit should not be above the normal one',
    ]);
  });

  it('places a rule id in its Core Rule Set group', () => {
    expect(wafGroupOfRule(942100)).toBe('sqli');
    expect(wafGroupOfRule(941160)).toBe('xss');
    expect(wafGroupOfRule(930120)).toBe('lfi');
    expect(wafGroupOfRule(949110)).toBeNull();
    expect(wafGroupOfRule(1001)).toBeNull();
  });

  it('reads a policy-as-code document of its version only', () => {
    expect(wafPolicyDocumentSchema.safeParse({ apiVersion: WAF_PAC_API_VERSION, kind: 'WafPolicy', spec: { mode: 'detection' } }).success).toBe(true);
    expect(wafPolicyDocumentSchema.safeParse({ apiVersion: 'netloom.io/qshield/v9', kind: 'WafPolicy', spec: {} }).success).toBe(false);
    expect(wafPolicyDocumentSchema.safeParse({ apiVersion: WAF_PAC_API_VERSION, kind: 'WafPolicy', spec: {}, extra: 1 }).success).toBe(false);
  });
});
