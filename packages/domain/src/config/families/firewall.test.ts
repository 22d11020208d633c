import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../document';
import { interfaces, issues, uuid } from './test-fixtures';

const zone = (n: number, name: string, ifaces: string[], over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  name,
  interfaces: ifaces,
  input: 'accept',
  output: 'accept',
  forward: 'reject',
  ...over,
});
const rule = (n: number, over: Record<string, unknown> = {}) => ({ id: uuid(100 + n), name: `rule ${n}`, protocol: 'tcp', action: 'accept', ...over });
const ipset = (n: number, name: string, entries = ['10.8.0.0/16', '198.51.100.7']) => ({ id: uuid(200 + n), name, entries });
const firewall = (over: Record<string, unknown> = {}) => ({
  zones: [zone(1, 'lan', ['lan1', 'lan2', 'lan1.10']), zone(2, 'wan', ['wan1', 'wan2'], { input: 'drop', masquerade: true })],
  inbound: [rule(1, { src_zone: 'wan', dest_zone: 'lan', src: '@office', dest: '192.168.1.10', dest_port: '443' })],
  outbound: [rule(2, { protocol: 'any', src: '192.168.2.0/24', action: 'drop' })],
  ipsets: [ipset(1, 'office')],
  ...over,
});

describe('firewall family', () => {
  it('accepts zones on the interfaces of the document, rules that name them and IP sets, and fills defaults', () => {
    const doc = configDocumentSchema.parse({ interfaces, firewall: firewall({ zones: [zone(1, 'lan', ['lan1'])], inbound: [rule(1, { src_zone: 'lan' })] }) });
    expect(doc.firewall?.zones[0]).toMatchObject({ masquerade: false });
    expect(doc.firewall?.inbound[0]).toMatchObject({ enabled: true });
    expect(issues({ interfaces, firewall: firewall() })).toEqual([]);
    expect(configDocumentSchema.parse({ firewall: {} }).firewall).toEqual({ zones: [], inbound: [], outbound: [], ipsets: [] });
  });

  it('refuses a rule that matches exactly what an earlier enabled rule of its side matches', () => {
    const same = { src_zone: 'wan', dest_zone: 'lan', dest: '192.168.1.10', dest_port: '443' };
    expect(issues({ interfaces, firewall: firewall({ inbound: [rule(1, same), rule(2, { ...same, action: 'drop' })] }) })).toEqual([
      'firewall.inbound.1.name: Matches the same traffic as an earlier rule, which decides first',
    ]);
    expect(issues({ interfaces, firewall: firewall({ inbound: [rule(1, same), rule(2, { ...same, dest_port: '444' })] }) })).toEqual([]);
    expect(issues({ interfaces, firewall: firewall({ inbound: [rule(1, { ...same, enabled: false }), rule(2, same)] }) })).toEqual([]);
    expect(issues({ interfaces, firewall: firewall({ inbound: [rule(1, same)], outbound: [rule(2, same)] }) })).toEqual([]);
  });

  it('takes ports with TCP or UDP only, as a port or a range', () => {
    expect(issues({ interfaces, firewall: firewall({ inbound: [rule(1, { protocol: 'tcpudp', dest_port: '8000:8080' })] }) })).toEqual([]);
    expect(issues({ interfaces, firewall: firewall({ inbound: [rule(1, { protocol: 'icmp', dest_port: '80' })] }) })).toEqual([
      'firewall.inbound.0.dest_port: Ports need TCP or UDP',
    ]);
    expect(issues({ interfaces, firewall: firewall({ outbound: [rule(1, { dest_port: '8080:8000' })] }) })).toEqual([
      'firewall.outbound.0.dest_port: Please Enter a valid port or port range',
    ]);
  });

  it('refuses a rule naming a zone or an IP set the section does not have', () => {
    expect(issues({ interfaces, firewall: firewall({ inbound: [rule(1, { src_zone: 'dmz', dest: '@servers' })] }) })).toEqual([
      'firewall.inbound.0.src_zone: No such zone',
      'firewall.inbound.0.dest: No such IP set',
    ]);
    expect(issues({ interfaces, firewall: firewall({ outbound: [rule(1, { src: '10.1.2.3/8' }), rule(2, { dest: '@' })] }) })).toEqual([
      "firewall.outbound.0.src: An address, a network 'x.x.x.x/y' or '@' and an IP set's name",
      "firewall.outbound.1.dest: An address, a network 'x.x.x.x/y' or '@' and an IP set's name",
    ]);
  });

  it('refuses a zone on an interface the document does not have, or already in another zone', () => {
    const zones = [zone(1, 'lan', ['lan1', 'lan9', 'lan2.10']), zone(2, 'guest', ['lan1.10', 'lan1'])];
    expect(issues({ interfaces, firewall: firewall({ zones, inbound: [] }) })).toEqual([
      'firewall.zones.1.interfaces.1: Already in zone lan',
      'firewall.zones.0.interfaces.1: No such interface in this configuration',
      'firewall.zones.0.interfaces.2: No such interface in this configuration',
    ]);
    // Without an interfaces section the document has no interfaces.
    expect(issues({ firewall: { zones: [zone(1, 'lan', ['lan1'])] } })).toEqual(['firewall.zones.0.interfaces.0: No such interface in this configuration']);
  });

  it('refuses a zone or IP set name twice, and an empty IP set', () => {
    const doc = firewall({
      zones: [zone(1, 'lan', ['lan1']), zone(2, 'lan', ['lan2'])],
      inbound: [],
      ipsets: [ipset(1, 'office'), ipset(2, 'office'), ipset(3, 'x', [])],
    });
    expect(issues({ interfaces, firewall: doc })).toEqual([
      'firewall.ipsets.2.entries: Add at least one address or network',
      'firewall.zones.1.name: Zone name already used',
      'firewall.ipsets.1.name: IP set name already used',
    ]);
    expect(issues({ interfaces, firewall: firewall({ zones: [zone(1, 'LAN', [], { forward: 'allow' })], inbound: [] }) })).toEqual([
      'firewall.zones.0.name: Lower-case letters, digits, dot, dash or underscore, starting with a letter',
      'firewall.zones.0.forward: Invalid option: expected one of "accept"|"reject"|"drop"',
    ]);
  });
});
