import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isCidr, isIPv4, isIPv4OptionalPrefix, isIPv4Range, isIPv4WithOptionalPort, isPort, isPortPattern, isPortRange } from './ipv4';

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));

describe('IPv4', () => {
  it('accepts the edges of every octet', () => {
    for (const ip of ['0.0.0.0', '255.255.255.255', '10.0.0.1', '192.168.100.200']) expect(isIPv4(ip)).toBe(true);
  });

  it('refuses 256, leading zeros, empty octets, trailing dots and extra parts', () => {
    for (const ip of ['256.1.1.1', '1.1.1.256', '01.1.1.1', '1.1.1.00', '1..1.1', '1.1.1.', '.1.1.1', '1.1.1', '1.1.1.1.1', ' 1.1.1.1', 'a.b.c.d', '']) {
      expect(isIPv4(ip), ip).toBe(false);
    }
  });

  it('accepts every generated address', () => {
    fc.assert(fc.property(ipv4, (ip) => isIPv4(ip)));
  });

  it('accepts a range only from a lower to a higher address', () => {
    expect(isIPv4Range('10.0.0.1-10.0.0.20')).toBe(true);
    expect(isIPv4Range('10.0.0.5-10.0.0.5')).toBe(true);
    expect(isIPv4Range('10.0.0.20-10.0.0.1')).toBe(false);
    expect(isIPv4Range('10.0.0.1-10.0.0.2-10.0.0.3')).toBe(false);
    expect(isIPv4Range('10.0.0.1')).toBe(false);
  });

  it('takes an optional port of 0 to 65535 after an address', () => {
    expect(isIPv4WithOptionalPort('10.0.0.1')).toBe(true);
    expect(isIPv4WithOptionalPort('10.0.0.1:0')).toBe(true);
    expect(isIPv4WithOptionalPort('10.0.0.1:65535')).toBe(true);
    expect(isIPv4WithOptionalPort('10.0.0.1:65536')).toBe(false);
    expect(isIPv4WithOptionalPort('10.0.0.1:')).toBe(false);
    expect(isIPv4WithOptionalPort('10.0.0.1:080')).toBe(false);
  });
});

describe('ports', () => {
  it('takes 1 to 65535 in inputs and 0 to 65535 in the pattern list', () => {
    expect([isPort('0'), isPort('1'), isPort('65535'), isPort('65536'), isPort('080'), isPort('-1'), isPort('')]).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([isPortPattern('0'), isPortPattern('65535'), isPortPattern('65536')]).toEqual([true, true, false]);
  });

  it('accepts every port of the range and nothing above it', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 65535 }), (p) => isPort(String(p))));
    fc.assert(fc.property(fc.integer({ min: 65536, max: 10_000_000 }), (p) => !isPort(String(p))));
  });

  it('wants a range a:b with a below b', () => {
    expect(isPortRange('80:443')).toBe(true);
    expect(isPortRange('443:80')).toBe(false);
    expect(isPortRange('80:80')).toBe(false);
    expect(isPortRange('1:2:3')).toBe(false);
    expect(isPortRange('0:10')).toBe(false);
  });
});

describe('subnets', () => {
  it('takes a prefix of 0 to 32', () => {
    expect(isCidr('0.0.0.0/0')).toBe(true);
    expect(isCidr('10.0.0.0/32')).toBe(true);
    expect(isCidr('10.0.0.0/33')).toBe(false);
    expect(isCidr('10.0.0.0/08')).toBe(false);
    expect(isCidr('10.0.0.0/')).toBe(false);
    expect(isCidr('10.0.0.0')).toBe(false);
  });

  it('makes the prefix optional for the ipsub type', () => {
    expect(isIPv4OptionalPrefix('10.0.0.0')).toBe(true);
    expect(isIPv4OptionalPrefix('10.0.0.0/24')).toBe(true);
    expect(isIPv4OptionalPrefix('10.0.0.0/40')).toBe(false);
  });

  it('accepts every generated subnet', () => {
    fc.assert(fc.property(ipv4, fc.integer({ min: 0, max: 32 }), (ip, p) => isCidr(`${ip}/${p}`)));
  });
});
