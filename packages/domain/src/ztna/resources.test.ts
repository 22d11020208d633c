import { describe, expect, it } from 'vitest';
import { portSpecSpan } from './fields';
import { isServerAddress, portAllowed, privateNameOf, serverAddressMatches, ztnaServerInputSchema, type ServerPort } from './resources';
import { issuesOf } from './test-fixtures';

describe('server addresses', () => {
  it('an IP matches only itself', () => {
    expect(serverAddressMatches('10.0.0.5', '10.0.0.5')).toBe(true);
    expect(serverAddressMatches('10.0.0.5', '10.0.0.50')).toBe(false);
    expect(serverAddressMatches('10.0.0.5', 'app.corp.example')).toBe(false);
  });

  it('a subnet matches the addresses inside it, never a name', () => {
    expect(serverAddressMatches('10.1.0.0/16', '10.1.200.3')).toBe(true);
    expect(serverAddressMatches('10.1.0.0/16', '10.1.0.0')).toBe(true);
    expect(serverAddressMatches('10.1.0.0/16', '10.1.255.255')).toBe(true);
    expect(serverAddressMatches('10.1.0.0/16', '10.2.0.1')).toBe(false);
    expect(serverAddressMatches('10.1.2.3/32', '10.1.2.3')).toBe(true);
    expect(serverAddressMatches('10.1.2.3/32', '10.1.2.4')).toBe(false);
    expect(serverAddressMatches('0.0.0.0/0', '198.51.100.7')).toBe(true);
    expect(serverAddressMatches('10.1.0.0/16', 'host.10.1.example')).toBe(false);
  });

  it('an FQDN matches itself whatever the case and a trailing dot, not its subdomains', () => {
    expect(serverAddressMatches('git.corp.example', 'GIT.Corp.Example.')).toBe(true);
    expect(serverAddressMatches('git.corp.example', 'x.git.corp.example')).toBe(false);
    expect(serverAddressMatches('git.corp.example', 'corp.example')).toBe(false);
  });

  it('a wildcard matches every subdomain, not the domain itself nor a look-alike', () => {
    expect(serverAddressMatches('*.corp.example', 'wiki.corp.example')).toBe(true);
    expect(serverAddressMatches('*.corp.example', 'a.b.corp.example')).toBe(true);
    expect(serverAddressMatches('*.corp.example', 'corp.example')).toBe(false);
    expect(serverAddressMatches('*.corp.example', 'evilcorp.example')).toBe(false);
    expect(serverAddressMatches('*.corp.example', 'wiki.corp.example.evil')).toBe(false);
  });

  it('an address is an IP, a subnet, an FQDN or a wildcard FQDN', () => {
    for (const ok of ['10.0.0.5', '10.0.0.0/8', 'git.corp.example', '*.corp.example', 'Wiki.Corp.Example']) expect(isServerAddress(ok)).toBe(true);
    for (const bad of ['', 'localhost', '10.0.0.256', '10.0.0.0/33', '*.', '*corp.example', 'a.*.corp.example', 'http://git.corp.example'])
      expect(isServerAddress(bad)).toBe(false);
  });

  it('the private name is the one given, else a plain FQDN address; addresses and wildcards have none', () => {
    expect(privateNameOf({ private_name: 'git.internal', address: '10.0.0.5' })).toBe('git.internal');
    expect(privateNameOf({ private_name: null, address: 'git.corp.example' })).toBe('git.corp.example');
    expect(privateNameOf({ private_name: null, address: '10.0.0.5' })).toBeNull();
    expect(privateNameOf({ private_name: null, address: '*.corp.example' })).toBeNull();
  });
});

describe('ports', () => {
  const published: ServerPort[] = [
    { protocol: 'tcp', ports: ['443', '8000:8100'] },
    { protocol: 'udp', ports: [] },
  ];

  it('a listed port or a port inside a range, ends included, of the same protocol', () => {
    expect(portAllowed(published, 'tcp', 443)).toBe(true);
    expect(portAllowed(published, 'tcp', 8000)).toBe(true);
    expect(portAllowed(published, 'tcp', 8050)).toBe(true);
    expect(portAllowed(published, 'tcp', 8100)).toBe(true);
    expect(portAllowed(published, 'tcp', 7999)).toBe(false);
    expect(portAllowed(published, 'tcp', 8101)).toBe(false);
    expect(portAllowed(published, 'tcp', 80)).toBe(false);
  });

  it('a protocol without ports is every port of it; other protocols are not', () => {
    expect(portAllowed(published, 'udp', 53)).toBe(true);
    expect(portAllowed(published, 'udp', 65535)).toBe(true);
    expect(portAllowed(published, 'icmp', null)).toBe(false);
    expect(portAllowed([{ protocol: 'icmp', ports: [] }], 'icmp', null)).toBe(true);
  });

  it("'any' is every protocol and port; an empty list is none", () => {
    expect(portAllowed([{ protocol: 'any', ports: [] }], 'tcp', 22)).toBe(true);
    expect(portAllowed([{ protocol: 'any', ports: ['443'] }], 'udp', 9)).toBe(true);
    expect(portAllowed([{ protocol: 'any', ports: [] }], 'icmp', null)).toBe(true);
    expect(portAllowed([], 'tcp', 443)).toBe(false);
  });

  it("a port spec is 'n' or 'a:b' with a below b", () => {
    expect(portSpecSpan('443')).toEqual([443, 443]);
    expect(portSpecSpan('8000:8100')).toEqual([8000, 8100]);
    expect(portSpecSpan('8100:8000')).toBeNull();
    expect(portSpecSpan('0')).toBeNull();
    expect(portSpecSpan('70000')).toBeNull();
    expect(portSpecSpan('http')).toBeNull();
  });
});

describe('the server form', () => {
  const valid = { name: 'Git', address: 'git.corp.example', ports: [{ protocol: 'tcp', ports: ['22', '443'] }], site: 'hq' };

  it('takes a valid server with its defaults', () => {
    expect(ztnaServerInputSchema.parse(valid)).toEqual({ ...valid, description: '', private_name: null, enabled: true });
    expect(ztnaServerInputSchema.parse({ ...valid, address: ' *.Corp.Example ' }).address).toBe('*.corp.example');
  });

  it('says what is wrong with each field', () => {
    expect(issuesOf(ztnaServerInputSchema, { ...valid, name: ' ' })).toEqual(['name: Field is required']);
    expect(issuesOf(ztnaServerInputSchema, { ...valid, name: 'x'.repeat(65) })).toEqual(['name: At most 64 characters']);
    expect(issuesOf(ztnaServerInputSchema, { ...valid, address: 'git' })).toEqual(['address: Enter an IP, a subnet, an FQDN or *.domain']);
    expect(issuesOf(ztnaServerInputSchema, { ...valid, ports: [] })).toEqual(['ports: Add at least one protocol']);
    expect(issuesOf(ztnaServerInputSchema, { ...valid, ports: [{ protocol: 'tcp', ports: ['443', '9000:80'] }] })).toEqual([
      'ports.0.ports.1: Please Enter a valid port or port range',
    ]);
    expect(issuesOf(ztnaServerInputSchema, { ...valid, ports: [{ protocol: 'tcp', ports: ['443', '443'] }] })).toEqual([
      'ports.0.ports: Duplicate Value Found',
    ]);
    expect(issuesOf(ztnaServerInputSchema, { ...valid, private_name: 'git' })).toEqual(['private_name: Enter a domain such as corp.example.com']);
    expect(issuesOf(ztnaServerInputSchema, { ...valid, site: '' })).toEqual(['site: Field is required']);
  });
});
