import { describe, expect, it } from 'vitest';
import { DEFAULT_WAF_POLICY, type ConfigDocument, type WafPolicy } from '@netloom/domain';
import { mulberry32 } from './prng';
import { WafPopBehaviour, wafPopProfile } from './waf-pop';

const APP = '6a1f5c1e-1f8e-4a56-9a0e-2d7f3b1c0a11';
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
const NOON = new Date('2026-11-30T12:00:00Z');

function run(policy: Partial<WafPolicy>) {
  const random = mulberry32(7);
  const pop = new WafPopBehaviour({ ...wafPopProfile(random, 0), attackShare: 0.5 }, random);
  pop.configure(documentWith(policy));
  return pop.wafEvents(NOON, 600);
}

describe('a simulated QShield POP', () => {
  it('says it is a WAF edge and serves nothing before its section names an application', () => {
    const random = mulberry32(1);
    const pop = new WafPopBehaviour(wafPopProfile(random, 0), random);
    expect(pop.hello().identity.device_type).toBe('waf-edge');
    expect(pop.wafEvents(NOON, 60)).toEqual({ requests: [], attacks: [] });
  });

  it("blocks attacks under a blocking policy, logs them in detection mode and drops none of the application's requests", () => {
    const blocking = run({});
    expect(blocking.requests.length).toBeGreaterThan(100);
    expect(blocking.attacks.length).toBeGreaterThan(10);
    expect(blocking.attacks.every((a) => a.application_id === APP && a.action === 'blocked' && a.status === 403)).toBe(true);
    expect(blocking.attacks.every((a) => a.rules.some((r) => r.id === 949110))).toBe(true);
    const detection = run({ mode: 'detection' });
    expect(detection.attacks.every((a) => a.action === 'detected' && a.status === 200)).toBe(true);
    expect(run({ mode: 'off' }).attacks).toEqual([]);
  });

  it('sends what a browser sends from browsers only, and an API key fingerprint on API calls only', () => {
    const { requests } = run({});
    const browsers = requests.filter((r) => r.user_agent?.startsWith('Mozilla/5.0') && !/bot/i.test(r.user_agent));
    const scripts = requests.filter((r) => /python-requests|curl|sqlmap|Go-http/i.test(r.user_agent ?? ''));
    expect(browsers.length).toBeGreaterThan(10);
    expect(browsers.every((r) => r.accept_language && r.accept_encoding)).toBe(true);
    expect(browsers.filter((r) => r.user_agent?.includes('Chrome/')).every((r) => r.sec_ch_ua?.includes('Chromium'))).toBe(true);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((r) => r.accept_language === null && r.sec_ch_ua === null)).toBe(true);
    expect(requests.every((r) => (r.api_key !== null) === r.path.startsWith('/api/'))).toBe(true);
  });

  it('follows the policy: excluded rules, countries denied, rate limits', () => {
    const excluded = run({ exclusions: [{ id: crypto.randomUUID(), rule_id: 942100, tag: null, path: null, parameter: null, note: '' }] });
    expect(excluded.attacks.flatMap((a) => a.rules.map((r) => r.id))).not.toContain(942100);
    const denied = run({ country_deny: ['RU', 'CN', 'DE', 'NL', 'US', 'RO'] });
    expect(denied.attacks.every((a) => a.action === 'denied')).toBe(true);
    const limited = Array.from({ length: 10 }, (_, i) => {
      const random = mulberry32(i);
      const pop = new WafPopBehaviour(wafPopProfile(random, 0), random);
      pop.configure(documentWith({ rate_limits: [{ id: crypto.randomUUID(), path: '/api/login', requests_per_minute: 10, burst: 0 }] }));
      return pop.wafEvents(NOON, 60).attacks.filter((a) => a.action === 'rate_limited');
    }).flat();
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((a) => a.status === 429 && a.path === '/api/login')).toBe(true);
  });
});
