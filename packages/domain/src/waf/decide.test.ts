import { describe, expect, it } from 'vitest';
import { addressListed, decideWafRequest } from './decide';
import { DEFAULT_WAF_POLICY, type WafPolicy } from './policy';

const sqli = { clientIp: '45.155.205.233', country: 'RU', path: '/products', rules: [{ id: 942100, tags: ['attack-sqli'], paranoia: 1, parameter: 'id' }] };
const policy = (over: Partial<WafPolicy>): WafPolicy => ({ ...DEFAULT_WAF_POLICY, ...over });

describe('what an edge does with a matched request', () => {
  it('blocks in blocking mode, logs in detection mode, lets through when off', () => {
    expect(decideWafRequest(DEFAULT_WAF_POLICY, [], sqli)).toEqual({ action: 'blocked', rules: [942100] });
    expect(decideWafRequest(policy({ mode: 'detection' }), [], sqli)).toEqual({ action: 'detected', rules: [942100] });
    expect(decideWafRequest(policy({ mode: 'off' }), [], sqli)).toEqual({ action: 'passed', why: 'off' });
  });

  it('runs a rule only from its paranoia level, and not when its group is off', () => {
    const pl2 = { ...sqli, rules: [{ id: 942432, tags: ['attack-sqli'], paranoia: 2 }] };
    expect(decideWafRequest(DEFAULT_WAF_POLICY, [], pl2).action).toBe('passed');
    expect(decideWafRequest(policy({ paranoia_level: 2 }), [], pl2).action).toBe('blocked');
    expect(decideWafRequest(policy({ disabled_groups: ['sqli'] }), [], sqli).action).toBe('passed');
  });

  it('excludes a rule only where the exclusion says: its path and its parameter', () => {
    const exclusion = (over: object) =>
      policy({ exclusions: [{ id: crypto.randomUUID(), rule_id: 942100, tag: null, path: null, parameter: null, note: '', ...over }] });
    expect(decideWafRequest(exclusion({}), [], sqli).action).toBe('passed');
    expect(decideWafRequest(exclusion({ path: '/products' }), [], sqli).action).toBe('passed');
    expect(decideWafRequest(exclusion({ path: '/search' }), [], sqli).action).toBe('blocked');
    expect(decideWafRequest(exclusion({ parameter: 'id' }), [], sqli).action).toBe('passed');
    expect(decideWafRequest(exclusion({ parameter: 'q' }), [], sqli).action).toBe('blocked');
    expect(decideWafRequest(exclusion({ rule_id: null, tag: 'attack-sqli' }), [], sqli).action).toBe('passed');
  });

  it('lets an allowed address through and denies listed addresses and countries before any rule', () => {
    expect(decideWafRequest(policy({ ip_allow: ['45.155.205.0/24'] }), [], sqli)).toEqual({ action: 'passed', why: 'allowed' });
    expect(decideWafRequest(policy({ ip_deny: ['45.155.205.233'] }), [], sqli)).toEqual({ action: 'denied', why: 'ip' });
    expect(decideWafRequest(DEFAULT_WAF_POLICY, [{ action: 'deny', cidrs: ['45.155.0.0/16'] }], sqli)).toEqual({ action: 'denied', why: 'threat_list' });
    expect(decideWafRequest(policy({ country_deny: ['RU'] }), [], sqli)).toEqual({ action: 'denied', why: 'country' });
    expect(decideWafRequest(policy({ country_allow: ['DE'] }), [], sqli)).toEqual({ action: 'denied', why: 'country' });
  });

  it('challenges a client on a challenge list until it carries a pass, after the deny lists and in every mode', () => {
    const challenge = [{ action: 'challenge' as const, cidrs: ['45.155.205.0/24'] }];
    expect(decideWafRequest(DEFAULT_WAF_POLICY, challenge, sqli)).toEqual({ action: 'challenged' });
    expect(decideWafRequest(policy({ mode: 'off' }), challenge, sqli)).toEqual({ action: 'challenged' });
    expect(decideWafRequest(DEFAULT_WAF_POLICY, challenge, { ...sqli, passedChallenge: true })).toEqual({ action: 'blocked', rules: [942100] });
    expect(decideWafRequest(DEFAULT_WAF_POLICY, challenge, { ...sqli, clientIp: '198.51.100.7' }).action).toBe('blocked');
    expect(decideWafRequest(policy({ ip_deny: ['45.155.205.233'] }), challenge, sqli)).toEqual({ action: 'denied', why: 'ip' });
    expect(decideWafRequest(policy({ ip_allow: ['45.155.205.233'] }), challenge, sqli)).toEqual({ action: 'passed', why: 'allowed' });
  });

  it('reads address lists of addresses and subnets', () => {
    expect(addressListed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressListed('10.1.2.3', ['10.1.2.4', '192.168.0.0/16'])).toBe(false);
    expect(addressListed('not an ip', ['0.0.0.0/0'])).toBe(false);
  });
});
