import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { addressMatcher, internalMatcher, ipv4Number, isInternalAddress } from './addresses';
import { ipv4ToNumber } from '../validators/ipv4';

const INTERNAL_RANGES = new Set(['private', 'carrierGradeNat', 'linkLocal', 'loopback']);

describe('internal addresses', () => {
  it('are the private, shared, link-local and loopback ranges, as ipaddr.js names them', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isInternalAddress(ip)).toBe(INTERNAL_RANGES.has(ipaddr.IPv4.parse(ip).range()));
        expect(ipv4Number(ip)).toBe(ipv4ToNumber(ip));
      }),
    );
    for (const ip of ['10.1.2.3', '172.31.255.255', '192.168.0.1', '100.64.0.1', '169.254.10.10', '127.0.0.1']) expect(isInternalAddress(ip)).toBe(true);
    for (const ip of ['172.32.0.1', '100.128.0.1', '8.8.8.8', '192.0.2.1']) expect(isInternalAddress(ip)).toBe(false);
  });

  it('refuses what is not an address', () => {
    for (const text of ['', '10.0.0', '10.0.0.256', '10..0.1', 'a.b.c.d', '10.0.0.1.2', '10.0.0.1 ']) expect(ipv4Number(text)).toBe(-1);
  });

  it('add the networks a tenant names, and match addresses and networks', () => {
    const inside = internalMatcher(['81.2.69.0/24']);
    expect(inside('81.2.69.160')).toBe(true);
    expect(inside('81.2.70.1')).toBe(false);
    expect(inside('10.9.9.9')).toBe(true);
    const exempt = addressMatcher(['10.0.0.5', '10.0.8.0/22']);
    expect(['10.0.0.5', '10.0.11.255', '10.0.0.6', '10.0.12.0'].map(exempt)).toEqual([true, true, false, false]);
  });
});
