import { describe, expect, it } from 'vitest';
import { EDGE_RULE_IDS, redactMatchedData, wafCategoryOf } from './events';
import { wafCompliance } from './compliance';
import { DEFAULT_WAF_POLICY } from './policy';

const rule = (id: number) => ({ id, message: '', data: '', tags: [], severity: null });

describe("the edge's attack events", () => {
  it('are counted by the attack the Core Rule Set saw, not by the scoring rule that blocked', () => {
    expect(wafCategoryOf({ action: 'blocked', rules: [rule(949110), rule(942100)] })).toBe('sqli');
    expect(wafCategoryOf({ action: 'blocked', rules: [rule(932160)] })).toBe('rce');
    expect(wafCategoryOf({ action: 'detected', rules: [rule(913100)] })).toBe('scanner');
    expect(wafCategoryOf({ action: 'denied', rules: [rule(EDGE_RULE_IDS.countryDeny)] })).toBe('access');
    expect(wafCategoryOf({ action: 'rate_limited', rules: [] })).toBe('rate');
    expect(wafCategoryOf({ action: 'blocked', rules: [rule(1001)] })).toBe('custom');
    expect(wafCategoryOf({ action: 'blocked', rules: [rule(949110)] })).toBe('protocol');
  });

  it('never show a secret that matched: cookies, credentials and secret-looking parameters, tokens anywhere', () => {
    expect(redactMatchedData('Matched Data: x found within REQUEST_COOKIES:sid: x')).toBe('[redacted] (within REQUEST_COOKIES:sid)');
    expect(redactMatchedData('Matched Data: union select found within ARGS:password: union select')).toBe('[redacted] (within ARGS:password)');
    expect(redactMatchedData('found within REQUEST_HEADERS:Authorization: Basic dXNlcjpwYXNz')).toMatch(/^\[redacted\]/);
    expect(redactMatchedData('found within ARGS:q: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBe('found within ARGS:q: [redacted token]');
    expect(redactMatchedData("Matched Data: ' or 1=1 found within ARGS:id: ' or 1=1")).toBe("Matched Data: ' or 1=1 found within ARGS:id: ' or 1=1");
  });
});

describe('compliance from the policy', () => {
  it('passes a blocking policy with TLS and rate limits and says why each check fails otherwise', () => {
    const full = wafCompliance(
      { ...DEFAULT_WAF_POLICY, rate_limits: [{ id: crypto.randomUUID(), path: '/', requests_per_minute: 600, burst: 0 }] },
      { tls: true },
    );
    expect(full.score).toBe(100);
    const weak = wafCompliance({ ...DEFAULT_WAF_POLICY, mode: 'detection', disabled_groups: ['sqli'] }, { tls: false });
    const failed = Object.fromEntries(weak.checks.filter((c) => !c.ok).map((c) => [c.key, c.detail]));
    expect(failed).toEqual({
      a03_injection: 'Rule groups turned off: sqli',
      blocking: 'Detection only: attacks reach the origin',
      tls: 'Plain HTTP only',
      rate_limits: 'No rate limit and no DDoS limits',
    });
    expect(weak.score).toBeLessThan(full.score);
  });
});
