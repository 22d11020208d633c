import { describe, expect, it } from 'vitest';
import { autoVpnPeers, renderDeviceDocument, type AutoVpnMember } from './effective';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const member = (n: number, role: 'hub' | 'spoke', topology: AutoVpnMember['topology'] = 'hub-and-spoke'): AutoVpnMember => ({
  device_id: id(n),
  name: `gw-${n}`,
  role,
  topology,
  subnets: [`10.${n}.0.0/16`],
});
const members = [member(1, 'hub'), member(2, 'spoke'), member(3, 'spoke'), member(4, 'hub', 'full-mesh'), member(5, 'spoke', 'full-mesh')];

describe('Auto VPN peers', () => {
  it('gives a spoke the hubs, a hub the spokes, and a full-mesh gateway every other of its topology, never itself', () => {
    expect(autoVpnPeers({ deviceId: id(2), role: 'spoke', topology: 'hub-and-spoke' }, members).map((p) => p.name)).toEqual(['gw-1']);
    expect(autoVpnPeers({ deviceId: id(1), role: 'hub', topology: 'hub-and-spoke' }, members).map((p) => p.name)).toEqual(['gw-2', 'gw-3']);
    expect(autoVpnPeers({ deviceId: id(4), role: 'hub', topology: 'full-mesh' }, members).map((p) => p.name)).toEqual(['gw-5']);
  });

  it("are written into the device's document when Auto VPN is on, whatever peers were typed, and hashed with it", () => {
    const own = {
      interfaces: { lan: [{ name: 'lan1', ip: '10.2.0.1', prefix: 16 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
      ipsec: {
        auto_vpn: {
          enabled: true,
          topology: 'hub-and-spoke',
          role: 'spoke',
          subnets: ['10.2.0.0/16'],
          peers: [{ device_id: id(9), name: 'typed', role: 'hub', subnets: [] }],
        },
      },
    };
    const input = {
      deviceId: id(2),
      deviceName: 'gw-2',
      templates: [],
      groupValues: {},
      deviceValues: {},
      own: own as never,
      disabledFamilies: [],
      autoVpnMembers: members,
    };
    const render = renderDeviceDocument(input);
    expect(render.ok && render.document.ipsec?.auto_vpn?.peers.map((p) => p.name)).toEqual(['gw-1']);
    const off = renderDeviceDocument({ ...input, own: { ...own, ipsec: { auto_vpn: { ...own.ipsec.auto_vpn, enabled: false } } } as never });
    expect(off.ok && off.document.ipsec?.auto_vpn?.peers).toEqual([]);
  });
});
