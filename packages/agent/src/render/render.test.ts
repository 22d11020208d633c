import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { expectedComments, nftRuleset } from './nftables';
import { desiredRoutes, desiredRules, routeLine, ruleLine } from './routes';
import { blockableHost, dnsmasqConf } from './dnsmasq';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const doc = configDocumentSchema.parse({
  interfaces: {
    lan: [{ name: 'lan0', ip: '192.168.50.1', prefix: 24 }],
    wan: [
      { name: 'wan0', mode: 'static', ip: '198.51.100.2', prefix: 24, gateway: '198.51.100.1' },
      { name: 'wan1', mode: 'static', ip: '100.64.0.2', prefix: 24, gateway: '100.64.0.1' },
    ],
    vlans: [],
  },
  static_routes: [
    { id: id(1), name: 'Site', destination: '10.9.9.0/24', gateway: '100.64.0.1', metric: 5, enabled: true },
    { id: id(2), name: 'Off', destination: '10.8.0.0/16', gateway: '100.64.0.1', metric: 0, enabled: false },
  ],
  policy_routing: [
    { id: id(3), name: 'By WAN 2', enabled: true, protocol: 'tcpudp', source: '192.168.50.0/24', dest_port: '1000:2000', out_interface: 'wan1', priority: 7 },
  ],
  firewall: {
    zones: [{ id: id(4), name: 'wan', interfaces: ['wan0', 'wan1'], input: 'drop', output: 'accept', forward: 'reject', masquerade: true }],
    inbound: [{ id: id(5), name: 'SSH from office', enabled: true, protocol: 'tcp', src_zone: 'wan', src: '@office', dest_port: '22', action: 'accept' }],
    outbound: [],
    ipsets: [{ id: id(6), name: 'office', entries: ['203.0.113.0/24'] }],
  },
  nat: {
    port_forwards: [
      {
        id: id(7),
        name: 'Web',
        enabled: true,
        protocol: 'tcp',
        wan_interface: 'wan0',
        external_port: '8080',
        internal_ip: '192.168.50.20',
        internal_port: '80',
      },
    ],
  },
  services: {
    dhcp: [{ id: id(8), interface: 'lan0', start: '192.168.50.100', end: '192.168.50.150', lease_minutes: 60, gateway: '192.168.50.1', dns: ['192.168.50.1'] }],
  },
  content_filter: { blocked_urls: ['*.games.example', 'https://ads.example/'], allowed_urls: [] },
});

describe('nftables rendering', () => {
  const ruleset = nftRuleset(doc);
  it('replaces only its own tables, in one transaction', () => {
    expect(ruleset.split('\n').slice(0, 4)).toEqual(['table inet netloom', 'delete table inet netloom', 'table ip netloom_nat', 'delete table ip netloom_nat']);
    expect(ruleset).not.toMatch(/flush ruleset/);
  });
  it('writes each rule with its zone, set, port and verdict, tagged with its id', () => {
    expect(ruleset).toContain(`iifname { "wan0", "wan1" } meta l4proto tcp ip saddr @set_0 th dport 22 counter accept comment "nl:${id(5)}"`);
    expect(ruleset).toContain('elements = { 203.0.113.0/24 }');
    expect(ruleset).toContain(`iifname { "wan0", "wan1" } counter drop comment "nl:zone:${id(4)}:input"`);
    expect(ruleset).toContain(`iifname "wan0" meta l4proto tcp th dport 8080 counter dnat to 192.168.50.20:80 comment "nl:${id(7)}"`);
    expect(ruleset).toContain(`oifname { "wan0", "wan1" } counter masquerade comment "nl:zone:${id(4)}:masquerade"`);
  });
  it('keeps established connections and the loopback open before any zone policy', () => {
    const input = ruleset.slice(ruleset.indexOf('chain input'));
    expect(input.indexOf('ct state established,related accept')).toBeLessThan(input.indexOf('counter drop'));
  });
  it('removes its tables when the document has no firewall and no NAT', () => {
    expect(nftRuleset({})).toBe('table inet netloom\ndelete table inet netloom\ntable ip netloom_nat\ndelete table ip netloom_nat\n');
    expect(expectedComments(nftRuleset({}))).toEqual([]);
  });
});

describe('routes and rules', () => {
  it('puts WAN defaults in order, enabled static routes, and a default per WAN a policy uses', () => {
    expect(desiredRoutes(doc).map((r) => routeLine(r, 'replace'))).toEqual([
      'route replace default via 198.51.100.1 dev wan0 metric 100 table main proto 173',
      'route replace default via 100.64.0.1 dev wan1 metric 101 table main proto 173',
      'route replace 10.9.9.0/24 via 100.64.0.1 metric 5 table main proto 173',
      'route replace default via 100.64.0.1 dev wan1 metric 0 table 1001 proto 173',
    ]);
  });
  it('writes a tcp-or-udp policy as two rules at one priority, with the range as ip rule writes it', () => {
    expect(desiredRules(doc).map((r) => ruleLine(r, 'add'))).toEqual([
      'rule add priority 10007 from 192.168.50.0/24 ipproto tcp dport 1000-2000 table 1001 protocol 173',
      'rule add priority 10007 from 192.168.50.0/24 ipproto udp dport 1000-2000 table 1001 protocol 173',
    ]);
  });
});

describe('dnsmasq rendering', () => {
  const files = { conf: '/run/nl/dnsmasq.conf', leases: '/run/nl/leases', pid: '/run/nl/pid' };
  it('serves the pool with its mask, lease time and options, and answers blocked hosts with nothing', () => {
    const conf = dnsmasqConf(doc, files)!;
    expect(conf).toContain('dhcp-range=set:pool0,192.168.50.100,192.168.50.150,255.255.255.0,60m');
    expect(conf).toContain('dhcp-option=tag:pool0,option:router,192.168.50.1');
    expect(conf).toContain('address=/games.example/');
    expect(conf).toContain('address=/ads.example/');
    expect(conf).toContain('interface=lan0');
  });
  it('runs no dnsmasq when nothing needs it', () => {
    expect(dnsmasqConf({ static_routes: [] }, files)).toBeNull();
  });
  it('blocks hosts only: a rule with a path is no host', () => {
    expect(blockableHost('https://news.example/sport')).toBeNull();
    expect(blockableHost('*.Example.com')).toBe('example.com');
  });
});
