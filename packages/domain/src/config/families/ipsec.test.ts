import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '../document';
import { interfaces, issues, uuid } from './test-fixtures';

const tunnel = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  name: `to branch ${n}`,
  remote: 'vpn.branch.example.com',
  local_interface: 'wan2',
  local_subnets: ['192.168.1.0/24', '192.168.10.0/25'],
  remote_subnets: ['10.20.0.0/16'],
  psk: 'correct horse battery',
  ...over,
});

describe('IPsec family', () => {
  it('accepts tunnels between the LAN subnets of the device and other subnets, and fills defaults', () => {
    const ipsec = {
      tunnels: [tunnel(1), tunnel(2, { remote: '198.51.100.9', local_interface: 'wan1', dh_group: 20 })],
      auto_vpn: { enabled: true, topology: 'full-mesh', subnets: ['192.168.2.0/24'] },
    };
    expect(issues({ interfaces, ipsec })).toEqual([]);
    const doc = configDocumentSchema.parse({ interfaces, ipsec });
    expect(doc.ipsec?.tunnels[0]).toMatchObject({
      enabled: true,
      ike: 'ikev2',
      encryption: 'aes256',
      integrity: 'sha256',
      dh_group: 14,
      lifetime_seconds: 28800,
    });
    expect(doc.ipsec?.auto_vpn?.role).toBe('spoke');
  });

  it('refuses weak or unknown parameters and a short key', () => {
    expect(issues({ interfaces, ipsec: { tunnels: [tunnel(1, { dh_group: 2, encryption: '3des', psk: 'short', lifetime_seconds: 300 })] } })).toEqual([
      'ipsec.tunnels.0.psk: Too small: expected string to have >=8 characters',
      'ipsec.tunnels.0.encryption: Invalid option: expected one of "aes128"|"aes256"|"aes128gcm"|"aes256gcm"',
      'ipsec.tunnels.0.dh_group: Invalid option: expected one of 14|15|16|19|20|21',
      'ipsec.tunnels.0.lifetime_seconds: Too small: expected number to be >=600',
    ]);
    expect(issues({ interfaces, ipsec: { tunnels: [tunnel(1, { local_subnets: [] })] } })).toEqual(['ipsec.tunnels.0.local_subnets: Add at least one subnet']);
  });

  it('refuses a tunnel off a WAN, local subnets that are not the device’s and remote ones that overlap its LAN', () => {
    const bad = tunnel(1, {
      local_interface: 'lan1',
      local_subnets: ['192.168.1.0/24', '192.168.0.0/16', '10.9.0.0/24'],
      remote_subnets: ['10.20.0.0/16', '192.168.10.128/25'],
    });
    expect(issues({ interfaces, ipsec: { tunnels: [bad, tunnel(2, { name: 'to branch 1' })] } })).toEqual([
      'ipsec.tunnels.1.name: Tunnel name already used',
      'ipsec.tunnels.0.local_interface: Not a WAN interface of this configuration',
      'ipsec.tunnels.0.local_subnets.1: Not a subnet of this device',
      'ipsec.tunnels.0.local_subnets.2: Not a subnet of this device',
      'ipsec.tunnels.0.remote_subnets.1: Overlaps a LAN subnet of this device',
    ]);
    expect(issues({ interfaces, ipsec: { auto_vpn: { enabled: true, topology: 'hub-and-spoke', role: 'hub', subnets: ['192.168.3.0/24'] } } })).toEqual([
      'ipsec.auto_vpn.subnets.0: Not a subnet of this device',
    ]);
    expect(issues({ ipsec: { tunnels: [tunnel(1)] } })).toEqual([
      'ipsec.tunnels.0.local_interface: Not a WAN interface of this configuration',
      'ipsec.tunnels.0.local_subnets.0: Not a subnet of this device',
      'ipsec.tunnels.0.local_subnets.1: Not a subnet of this device',
    ]);
  });
});
