import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { firewallSnapshot, ipsetSnapshot } from './status-model-firewall';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const doc = configDocumentSchema.parse({
  interfaces: { lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
  firewall: {
    zones: [
      { id: id(1), name: 'lan', interfaces: ['lan1'], input: 'accept', output: 'accept', forward: 'accept' },
      { id: id(2), name: 'wan', interfaces: ['wan1'], input: 'drop', output: 'accept', forward: 'reject', masquerade: true },
    ],
    inbound: [
      { id: id(10), name: 'ssh from office', protocol: 'tcp', src_zone: 'wan', src: '@office', dest_port: '22', action: 'accept' },
      { id: id(11), name: 'web to server', protocol: 'tcp', src_zone: 'wan', dest_zone: 'lan', dest: '192.168.1.10', dest_port: '443', action: 'accept' },
      { id: id(12), name: 'old rule', protocol: 'udp', src: '@office', action: 'accept', enabled: false },
    ],
    outbound: [
      { id: id(20), name: 'no bad hosts', protocol: 'any', src_zone: 'lan', dest: '@blocklist', action: 'reject' },
      { id: id(21), name: 'office both ways', protocol: 'tcpudp', src: '@office', dest: '@office', action: 'drop' },
    ],
    ipsets: [
      { id: id(30), name: 'office', entries: ['198.51.100.7', '198.51.100.8'] },
      { id: id(31), name: 'blocklist', entries: ['203.0.113.0/24', '198.51.100.99'] },
      { id: id(32), name: 'unused', entries: ['192.0.2.1'] },
    ],
  },
});

describe('firewall state of a simulated gateway', () => {
  it('lists each set with its type and the enabled rules that match on it', () => {
    expect(ipsetSnapshot(doc).entries.map((s) => `${s.name} ${s.type} ${s.members.length} refs ${s.references}`)).toEqual([
      'office hash:ip 2 refs 2',
      'blocklist hash:net 2 refs 1',
      'unused hash:ip 1 refs 0',
    ]);
  });

  it('counts each enabled rule in its chain, then each zone policy, with the verdict as target', () => {
    const rows = firewallSnapshot(doc, 3_600).entries;
    expect(rows.slice(0, 4).map((r) => `${r.chain} ${r.rule} ${r.target} ${r.protocol}`)).toEqual([
      'zone_wan_input ssh from office ACCEPT tcp',
      'zone_wan_forward web to server ACCEPT tcp',
      'zone_lan_forward no bad hosts REJECT all',
      'forward_rule office both ways DROP tcp+udp',
    ]);
    expect(rows.slice(4).map((r) => `${r.chain} ${r.target}`)).toEqual([
      'zone_lan_input ACCEPT',
      'zone_lan_output ACCEPT',
      'zone_lan_forward ACCEPT',
      'zone_wan_input DROP',
      'zone_wan_output ACCEPT',
      'zone_wan_forward REJECT',
    ]);
  });

  it('has counters that start at zero and only grow with the traffic carried', () => {
    const at = (busyS: number) => firewallSnapshot(doc, busyS).entries;
    expect(at(0).every((r) => r.packets === 0 && r.bytes === 0)).toBe(true);
    const [hour, day] = [at(3_600), at(86_400)];
    hour.forEach((r, i) => {
      expect(r.packets).toBeGreaterThan(0);
      expect(day[i]!.packets).toBeGreaterThan(r.packets);
      expect(day[i]!.bytes).toBeGreaterThan(r.bytes);
    });
    expect(at(3_600)).toEqual(hour);
    expect(firewallSnapshot(configDocumentSchema.parse({}), 3_600).entries).toEqual([]);
  });
});
