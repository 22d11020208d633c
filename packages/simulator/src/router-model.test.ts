import { describe, expect, it } from 'vitest';
import { configDocumentSchema, type ConfigDocument } from '@netloom/domain';
import { dhcpLeases, interfacesOf, routingTable, tunnelStates } from './router-model';

const doc = (d: unknown): ConfigDocument => configDocumentSchema.parse(d);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const branch = doc({
  interfaces: {
    lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24 }],
    vlans: [{ id: id(1), parent: 'lan1', vlan_id: 20, ip: '192.168.20.1', prefix: 24 }],
    wan: [{ name: 'wan1', mode: 'dhcp' }],
  },
  static_routes: [{ id: id(2), name: 'to-dc', destination: '10.0.0.0/8', gateway: '192.168.10.254' }],
  services: {
    dhcp: [{ id: id(3), interface: 'lan1', start: '192.168.10.100', end: '192.168.10.102' }],
    static_leases: [{ id: id(4), name: 'printer', mac: 'AA:BB:CC:DD:EE:01', ip: '192.168.10.100' }],
  },
});

describe('the router a gateway becomes', () => {
  it('carries its configured addresses and VLANs, and routes its subnets, its WANs and its static routes', () => {
    const ifaces = interfacesOf(branch, () => ({ ip: '203.0.113.7', prefix: 24 }));
    expect(ifaces.map((i) => `${i.name} ${i.address}/${i.prefix}`)).toEqual(['lan1 192.168.10.1/24', 'lan1.20 192.168.20.1/24', 'wan1 203.0.113.7/24']);
    expect(routingTable(branch, ifaces).map((r) => `${r.origin} ${r.destination} via ${r.gateway ?? '-'} dev ${r.interface}`)).toEqual([
      'connected 192.168.10.0/24 via - dev lan1',
      'connected 192.168.20.0/24 via - dev lan1.20',
      'connected 203.0.113.0/24 via - dev wan1',
      'default 0.0.0.0/0 via - dev wan1',
      'static 10.0.0.0/8 via 192.168.10.254 dev lan1',
    ]);
  });

  it('hands out leases from its pools, keeping the static ones and never more than the pool holds', () => {
    const leases = dhcpLeases(branch, 5, (n) => `02:00:00:00:00:0${n}`);
    expect(leases.map((l) => `${l.ip} ${l.hostname}${l.static ? ' (static)' : ''}`)).toEqual([
      '192.168.10.100 printer (static)',
      '192.168.10.101 client-1',
      '192.168.10.102 client-2',
    ]);
  });

  it('brings a tunnel up only when the far end has its mirror: address, key, proposal and subnets', () => {
    const tunnel = (remote: string, local: string, far: string, psk = 'secret-key') => ({
      id: id(9),
      name: 'hq',
      remote,
      local_interface: 'wan1',
      local_subnets: [local],
      remote_subnets: [far],
      psk,
    });
    const side = (t: { local_subnets: string[] }) =>
      doc({
        interfaces: { lan: [{ name: 'lan1', ip: t.local_subnets[0]!.replace('.0.0/16', '.0.1'), prefix: 16 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
        ipsec: { tunnels: [t] },
      });
    const a = side(tunnel('198.51.100.2', '10.1.0.0/16', '10.2.0.0/16'));
    const peers = (b: ConfigDocument) => (address: string) => (address === '198.51.100.2' ? { publicIp: address, doc: b } : undefined);
    const up = tunnelStates(a, '198.51.100.1', peers(side(tunnel('198.51.100.1', '10.2.0.0/16', '10.1.0.0/16'))));
    expect(up).toEqual([{ name: 'hq', remote: '198.51.100.2', state: 'up', reason: null }]);
    const wrongKey = tunnelStates(a, '198.51.100.1', peers(side(tunnel('198.51.100.1', '10.2.0.0/16', '10.1.0.0/16', 'other-key'))));
    expect(wrongKey[0]).toMatchObject({ state: 'down', reason: 'authentication failed (pre-shared key)' });
    const crossed = tunnelStates(a, '198.51.100.1', peers(side(tunnel('198.51.100.1', '10.3.0.0/16', '10.1.0.0/16'))));
    expect(crossed[0]).toMatchObject({ state: 'down', reason: 'traffic selectors do not match' });
    expect(tunnelStates(a, '198.51.100.1', () => undefined)[0]).toMatchObject({ state: 'down', reason: 'no answer from the remote gateway' });
  });
});
