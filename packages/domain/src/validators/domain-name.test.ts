import { describe, expect, it } from 'vitest';
import { isFqdn, isIpOrFqdn, isIpOrSubnetOrFqdn, isUrlOrDomain, isUrlOrIp } from './domain-name';

describe('domain names', () => {
  it('accepts ordinary names and refuses broken labels', () => {
    for (const ok of ['example.com', 'a.b.co', 'xn--bcher-kva.example', 'edge-01.branch.acme.io']) expect(isFqdn(ok), ok).toBe(true);
    for (const bad of ['localhost', 'example.c', 'example.c0m', '-edge.acme.io', 'edge-.acme.io', 'a..b.com', 'example.com.', '.example.com', 'exa mple.com']) {
      expect(isFqdn(bad), bad).toBe(false);
    }
  });

  it('limits labels to 63 characters, the top level to 63 letters and the name to 253', () => {
    expect(isFqdn(`${'a'.repeat(63)}.com`)).toBe(true);
    expect(isFqdn(`${'a'.repeat(64)}.com`)).toBe(false);
    expect(isFqdn(`acme.${'z'.repeat(63)}`)).toBe(true);
    expect(isFqdn(`acme.${'z'.repeat(64)}`)).toBe(false);
    const long = `${Array.from({ length: 4 }, () => 'a'.repeat(61)).join('.')}.com`; // 4*61 + 3 dots + 4 = 251
    expect(isFqdn(long)).toBe(true);
    expect(isFqdn(`abc${long}`)).toBe(false);
  });

  it('lets the ip-fqdn input take an address, a subnet, a name or nothing', () => {
    for (const ok of ['', '10.0.0.1', '10.0.0.0/8', 'vpn.acme.io']) expect(isIpOrSubnetOrFqdn(ok), ok).toBe(true);
    for (const bad of ['10.0.0.0/33', '300.1.1.1', 'acme']) expect(isIpOrSubnetOrFqdn(bad), bad).toBe(false);
    expect(isIpOrFqdn('10.0.0.1')).toBe(true);
    expect(isIpOrFqdn('10.0.0.0/8')).toBe(false);
  });

  it('takes URLs and domains with an optional scheme and wildcard', () => {
    for (const ok of ['acme.io', '*.acme.io', 'https://acme.io', 'http://*.acme.io/path?q=1', 'https://acme.io:8443/a/b']) {
      expect(isUrlOrDomain(ok), ok).toBe(true);
    }
    for (const bad of ['ftp://acme.io', 'acme', '*acme.io', 'https://', 'https://acme.io:70000', 'acme.io/*/**.' + '\n']) {
      expect(isUrlOrDomain(bad), bad).toBe(false);
    }
    expect(isUrlOrDomain('https://acme.io/path', { allowPath: false })).toBe(false);
    expect(isUrlOrDomain('https://*.acme.io', { allowPath: false })).toBe(true);
    expect(isUrlOrIp('10.1.1.1')).toBe(true);
  });
});
