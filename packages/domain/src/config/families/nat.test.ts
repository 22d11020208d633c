import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../document';
import { interfaces, issues, uuid } from './test-fixtures';

const forward = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  name: `forward ${n}`,
  protocol: 'tcp',
  wan_interface: 'wan1',
  external_port: '80',
  internal_ip: '192.168.1.10',
  ...over,
});
const snat = (over: Record<string, unknown> = {}) => ({ id: uuid(50), name: 'office out', source: '192.168.2.0/24', out_interface: 'wan2', ...over });
const oneToOne = (over: Record<string, unknown> = {}) => ({
  id: uuid(60),
  name: 'server',
  external_ip: '203.0.113.3',
  internal_ip: '192.168.10.20',
  wan_interface: 'wan2',
  ...over,
});

describe('NAT family', () => {
  it('accepts forwards, source NAT and 1:1 NAT towards LAN and VLAN hosts, and fills defaults', () => {
    const nat = {
      port_forwards: [
        forward(1),
        forward(2, { protocol: 'udp' }),
        forward(3, { wan_interface: 'wan2' }),
        forward(4, { external_port: '8000:8080', internal_ip: '192.168.10.5', internal_port: '9000:9080' }),
      ],
      source_nat: [snat({ translate_to: '203.0.113.4' })],
      one_to_one: [oneToOne()],
    };
    expect(issues({ interfaces, nat })).toEqual([]);
    const doc = configDocumentSchema.parse({ interfaces, nat: { port_forwards: [forward(1)] } });
    expect(doc.nat).toMatchObject({ port_forwards: [{ enabled: true }], source_nat: [], one_to_one: [] });
  });

  it('refuses a second enabled forward of the same port on the same WAN', () => {
    const clash = { port_forwards: [forward(1, { external_port: '70:90' }), forward(2, { protocol: 'tcpudp' }), forward(3, { external_port: '90:100' })] };
    expect(issues({ interfaces, nat: clash })).toEqual([
      'nat.port_forwards.1.external_port: External port already forwarded',
      'nat.port_forwards.2.external_port: External port already forwarded',
    ]);
    // A disabled forward waits aside; another protocol or another WAN is another packet.
    const apart = { port_forwards: [forward(1, { enabled: false }), forward(2), forward(3, { protocol: 'udp' }), forward(4, { wan_interface: 'wan2' })] };
    expect(issues({ interfaces, nat: apart })).toEqual([]);
  });

  it('refuses the same source translated twice on one WAN and one outside address mapped twice, unless disabled', () => {
    const twice = {
      port_forwards: [],
      source_nat: [snat(), snat({ id: uuid(51), name: 'again' })],
      one_to_one: [oneToOne(), oneToOne({ id: uuid(61), internal_ip: '192.168.10.21' })],
    };
    expect(issues({ interfaces, nat: twice })).toEqual([
      'nat.source_nat.1.source: This source is already translated on this interface',
      'nat.one_to_one.1.external_ip: External address already mapped',
    ]);
    const aside = {
      ...twice,
      source_nat: [snat(), snat({ id: uuid(51), enabled: false })],
      one_to_one: [oneToOne(), oneToOne({ id: uuid(61), enabled: false })],
    };
    expect(issues({ interfaces, nat: aside })).toEqual([]);
  });

  it('takes a port or a range a:b with a <= b', () => {
    expect(issues({ interfaces, nat: { port_forwards: [forward(1, { external_port: '443:443' })] } })).toEqual([]);
    for (const bad of ['0', '65536', '90:80', '80:', '080', '1:2:3', 'http']) {
      expect(issues({ interfaces, nat: { port_forwards: [forward(1, { external_port: bad })] } })).toEqual([
        'nat.port_forwards.0.external_port: Please Enter a valid port or port range',
      ]);
    }
  });

  it('refuses translation on an interface that is not a WAN of the document, and an inside host off the LAN', () => {
    const nat = {
      port_forwards: [forward(1, { wan_interface: 'lan1', internal_ip: '10.9.9.9' })],
      source_nat: [snat({ out_interface: 'wan9' })],
      one_to_one: [oneToOne({ wan_interface: 'lan1.10', internal_ip: '203.0.113.5' })],
    };
    expect(issues({ interfaces, nat })).toEqual([
      'nat.port_forwards.0.wan_interface: Not a WAN interface of this configuration',
      'nat.port_forwards.0.internal_ip: Not on a LAN subnet of this device',
      'nat.source_nat.0.out_interface: Not a WAN interface of this configuration',
      'nat.one_to_one.0.wan_interface: Not a WAN interface of this configuration',
      'nat.one_to_one.0.internal_ip: Not on a LAN subnet of this device',
    ]);
    expect(issues({ nat: { source_nat: [snat()] } })).toEqual(['nat.source_nat.0.out_interface: Not a WAN interface of this configuration']);
  });

  it('gives a malformed address its own message only', () => {
    expect(issues({ interfaces, nat: { port_forwards: [forward(1, { internal_ip: '192.168.1.300' })] } })).toEqual([
      "nat.port_forwards.0.internal_ip: Should be in the format 'x.x.x.x'",
    ]);
    expect(issues({ interfaces, nat: { source_nat: [snat({ source: '192.168.2.1/24', extra: 1 })] } })).toEqual([
      "nat.source_nat.0.source: Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32",
      'nat.source_nat.0: Unrecognized key: "extra"',
    ]);
  });
});
