import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PATTERNS, TIME_ZONE_NAMES } from './documented';
import { isEmail } from './email';
import { isCidr, isIPv4, isPort, isPortRange } from './ipv4';
import { isFqdn, isIpOrFqdn } from './domain-name';
import { isIpRule, isUrlPattern } from '../webfilter/url-patterns';
import { isTimeZone } from '../api/common-queries';
import { isIanaTimeZone } from '../config/families/services';

const CHECKS: Record<keyof typeof PATTERNS, (value: string) => boolean> = {
  ipv4: isIPv4,
  cidr: isCidr,
  // The range's order is said in the field's description, not the pattern: only the form is compared here.
  portSpec: (v) => isPort(v) || isPortRange(v) || (v.includes(':') && v.split(':').every(isPort)),
  ipRule: (v) => isIpRule(v) || (v.includes('-') && v.split('-').every(isIPv4)),
  fqdn: (v) => v.length > 253 || isFqdn(v),
  addressOrNetwork: (v) => isIPv4(v) || isCidr(v),
  addressOrSetReference: (v) => isIPv4(v) || isCidr(v) || (v.startsWith('@') && v.length > 1),
  ipOrFqdn: (v) => v.length > 253 || isIpOrFqdn(v),
  email: isEmail,
  urlPattern: (v) => isUrlPattern(v) || v.replace(/^https?:\/\/(\*\.)?/i, '').split(/[:/?#]/)[0]!.length > 253,
};

describe('what the API document says a check accepts', () => {
  it.each(Object.keys(PATTERNS) as (keyof typeof PATTERNS)[])('%s: every value its pattern describes is accepted by the check', (name) => {
    const pattern = new RegExp(PATTERNS[name]);
    fc.assert(
      fc.property(fc.stringMatching(pattern), (value) => CHECKS[name](value)),
      { numRuns: 500 },
    );
  });

  it('every time zone the document lists is accepted by both time zone checks', () => {
    expect(TIME_ZONE_NAMES.length).toBeGreaterThan(300);
    expect(TIME_ZONE_NAMES.filter((zone) => !isTimeZone(zone) || !isIanaTimeZone(zone))).toEqual([]);
  });

  it('the patterns are the usual values people type', () => {
    expect(new RegExp(PATTERNS.email).test('ops@example.com')).toBe(true);
    expect(new RegExp(PATTERNS.fqdn).test('corp.example.com')).toBe(true);
    expect(new RegExp(PATTERNS.urlPattern).test('https://*.example.com:8443/docs?a=1')).toBe(true);
    expect(new RegExp(PATTERNS.cidr).test('10.0.0.0/8')).toBe(true);
    expect(new RegExp(PATTERNS.portSpec).test('8000:8100')).toBe(true);
    expect(new RegExp(PATTERNS.ipv4).test('256.1.1.1')).toBe(false);
  });
});
