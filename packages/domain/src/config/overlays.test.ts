import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderDeviceDocument } from './effective';
import { autoVpnPairKey, meshMemberOf, meshPeers, overlayPairKey, withoutOverlayPeers, type MeshMember } from './overlays';
import type { ConfigDocument } from './document';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const GROUP_A = id(100);
const GROUP_B = id(200);
const member = (n: number, role: 'hub' | 'spoke', network_id: string | null, topology: MeshMember['topology'] = 'hub-and-spoke'): MeshMember => ({
  device_id: id(n),
  name: `gw-${n}`,
  role,
  topology,
  subnets: [`10.${n}.0.0/16`],
  address: `198.51.100.${n}`,
  network_id,
});
const members = [
  member(1, 'hub', GROUP_A),
  member(2, 'spoke', GROUP_A),
  member(3, 'spoke', GROUP_A),
  member(4, 'spoke', GROUP_B),
  member(5, 'hub', GROUP_B),
  member(6, 'spoke', null),
  member(7, 'spoke', GROUP_A, 'full-mesh'),
  member(8, 'hub', GROUP_A, 'full-mesh'),
];
const names = (peers: { name: string }[]) => peers.map((p) => p.name);

describe('Overlay Mesh VPN peers', () => {
  it("are chosen in the gateway's own device group only: hubs for a spoke, spokes for a hub, all of a full mesh", () => {
    expect(names(meshPeers({ deviceId: id(2), networkId: GROUP_A, role: 'spoke', topology: 'hub-and-spoke' }, members))).toEqual(['gw-1']);
    expect(names(meshPeers({ deviceId: id(1), networkId: GROUP_A, role: 'hub', topology: 'hub-and-spoke' }, members))).toEqual(['gw-2', 'gw-3']);
    expect(names(meshPeers({ deviceId: id(4), networkId: GROUP_B, role: 'spoke', topology: 'hub-and-spoke' }, members))).toEqual(['gw-5']);
    expect(names(meshPeers({ deviceId: id(7), networkId: GROUP_A, role: 'spoke', topology: 'full-mesh' }, members))).toEqual(['gw-8']);
  });

  it('gives a gateway in no device group no peers, and puts it in nobody else’s list', () => {
    expect(meshPeers({ deviceId: id(6), networkId: null, role: 'spoke', topology: 'hub-and-spoke' }, members)).toEqual([]);
    expect(names(meshPeers({ deviceId: id(1), networkId: GROUP_A, role: 'hub', topology: 'hub-and-spoke' }, members))).not.toContain('gw-6');
  });

  it('derives a key both ends share, never the key the same pair has in Auto VPN', () => {
    const [hub] = meshPeers({ deviceId: id(2), networkId: GROUP_A, role: 'spoke', topology: 'hub-and-spoke' }, members, 'tenant-secret');
    const spoke = meshPeers({ deviceId: id(1), networkId: GROUP_A, role: 'hub', topology: 'hub-and-spoke' }, members, 'tenant-secret').find(
      (p) => p.name === 'gw-2',
    );
    expect(hub!.psk).toMatch(/^[0-9a-f]{48}$/);
    expect(hub!.psk).toBe(spoke!.psk);
    expect(hub!.psk).not.toBe(autoVpnPairKey('tenant-secret', id(1), id(2)));
  });

  it('peering is symmetric and keys are shared by both ends, for any groups, roles and topologies (property)', () => {
    const memberArb = fc.record({
      role: fc.constantFrom('hub' as const, 'spoke' as const),
      topology: fc.constantFrom('hub-and-spoke' as const, 'full-mesh' as const),
      group: fc.constantFrom(GROUP_A, GROUP_B, null),
    });
    fc.assert(
      fc.property(fc.array(memberArb, { minLength: 1, maxLength: 8 }), (drawn) => {
        const all = drawn.map((d, n) => member(n + 1, d.role, d.group, d.topology));
        const peersOf = (m: MeshMember) => meshPeers({ deviceId: m.device_id, networkId: m.network_id, role: m.role, topology: m.topology }, all, 's');
        for (const a of all) {
          for (const p of peersOf(a)) {
            const b = all.find((m) => m.device_id === p.device_id)!;
            expect(b.network_id).toBe(a.network_id);
            expect(a.network_id).not.toBeNull();
            const back = peersOf(b).find((q) => q.device_id === a.device_id);
            expect(back?.psk).toBe(p.psk);
          }
        }
      }),
    );
  });

  it('keys differ between overlays, pairs and secrets', () => {
    const k = overlayPairKey('overlay-mesh', 's', id(1), id(2));
    expect(overlayPairKey('overlay-mesh', 's', id(2), id(1))).toBe(k);
    expect(overlayPairKey('auto-vpn', 's', id(1), id(2))).not.toBe(k);
    expect(overlayPairKey('overlay-mesh', 's', id(1), id(3))).not.toBe(k);
    expect(overlayPairKey('overlay-mesh', 't', id(1), id(2))).not.toBe(k);
  });
});

describe("a device's mesh section as rendered", () => {
  const own = {
    interfaces: { lan: [{ name: 'lan1', ip: '10.2.0.1', prefix: 16 }], wan: [{ name: 'wan1', mode: 'dhcp' }], vlans: [] },
    overlay_mesh: { subnets: ['10.2.0.0/16'], peers: [{ device_id: id(9), name: 'typed', role: 'hub', subnets: [] }] },
  };
  const input = {
    deviceId: id(2),
    networkId: GROUP_A,
    deviceName: 'gw-2',
    templates: [],
    groupValues: {},
    deviceValues: {},
    own: own as never,
    disabledFamilies: [],
    meshMembers: members,
    autoVpnSecret: 'tenant-secret',
  };

  it('holds the peers the server chose, whatever peers were typed', () => {
    const r = renderDeviceDocument(input);
    expect(r.ok && names(r.document.overlay_mesh!.peers)).toEqual(['gw-1']);
    const off = renderDeviceDocument({ ...input, own: { ...own, overlay_mesh: { ...own.overlay_mesh, enabled: false } } as never });
    expect(off.ok && off.document.overlay_mesh!.peers).toEqual([]);
    const alone = renderDeviceDocument({ ...input, networkId: null });
    expect(alone.ok && alone.document.overlay_mesh!.peers).toEqual([]);
  });

  it('takes its advertised subnet from a template variable, checked once rendered', () => {
    const template = { id: id(50), name: 'Mesh', defaults: {}, sections: { overlay_mesh: { subnets: ['{{lan_subnet}}'] } } as never };
    const base = { ...input, own: { interfaces: own.interfaces } as never, templates: [template] };
    const r = renderDeviceDocument({ ...base, deviceValues: { lan_subnet: '10.2.0.0/16' } });
    expect(r.ok && r.document.overlay_mesh?.subnets).toEqual(['10.2.0.0/16']);
    const wrong = renderDeviceDocument({ ...base, deviceValues: { lan_subnet: '172.16.0.0/24' } });
    expect(wrong.ok ? [] : wrong.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'overlay_mesh.subnets.0: Not a subnet of a LAN interface of this device',
    ]);
  });

  it('names its membership with its group and address, and a sent document loses the peers it carried back', () => {
    const r = renderDeviceDocument(input);
    const doc = (r.ok ? r.document : {}) as ConfigDocument;
    expect(meshMemberOf({ id: id(2), name: 'gw-2', networkId: GROUP_A }, doc, '198.51.100.2')).toEqual({
      device_id: id(2),
      name: 'gw-2',
      role: 'spoke',
      topology: 'hub-and-spoke',
      subnets: ['10.2.0.0/16'],
      address: '198.51.100.2',
      network_id: GROUP_A,
    });
    expect(withoutOverlayPeers(doc).overlay_mesh?.peers).toEqual([]);
  });
});
