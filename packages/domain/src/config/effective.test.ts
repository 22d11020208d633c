import { describe, expect, it } from 'vitest';
import { renderDeviceDocument } from './effective';
import { autoVpnAddress, autoVpnPairKey, autoVpnPeers, type AutoVpnMember } from './overlays';
import { configHash } from './hash';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const member = (n: number, role: 'hub' | 'spoke', topology: AutoVpnMember['topology'] = 'hub-and-spoke'): AutoVpnMember => ({
  device_id: id(n),
  name: `gw-${n}`,
  role,
  topology,
  subnets: [`10.${n}.0.0/16`],
  address: `198.51.100.${n}`,
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

describe('Auto VPN keys and addresses', () => {
  it('gives both ends of a pair the same key, another pair another, and a new secret new keys', () => {
    const [hub] = autoVpnPeers({ deviceId: id(2), role: 'spoke', topology: 'hub-and-spoke' }, members, 'tenant-secret');
    const [spoke] = autoVpnPeers({ deviceId: id(1), role: 'hub', topology: 'hub-and-spoke' }, members, 'tenant-secret');
    expect(hub).toMatchObject({ name: 'gw-1', address: '198.51.100.1' });
    expect(hub!.psk).toMatch(/^[0-9a-f]{48}$/);
    expect(hub!.psk).toBe(spoke!.psk);
    expect(autoVpnPairKey('tenant-secret', id(1), id(3))).not.toBe(hub!.psk);
    expect(autoVpnPairKey('another-secret', id(1), id(2))).not.toBe(hub!.psk);
  });

  it("reaches a gateway at its static WAN's address, else at the one it reports", () => {
    const wan = (mode: 'static' | 'dhcp') => ({
      interfaces: { lan: [], vlans: [], wan: [{ name: 'wan1', mode, ip: mode === 'static' ? '203.0.113.9' : undefined, prefix: 24, gateway: '203.0.113.1' }] },
    });
    expect(autoVpnAddress(wan('static') as never, '198.51.100.7')).toBe('203.0.113.9');
    expect(autoVpnAddress(wan('dhcp') as never, '198.51.100.7')).toBe('198.51.100.7');
    expect(autoVpnAddress({}, null)).toBeNull();
  });
});

describe("a device's document with the sections products make", () => {
  const base = { deviceName: 'gw-1', templates: [], groupValues: {}, deviceValues: {}, disabledFamilies: [] };
  const own = { static_routes: [] };

  it('holds any product section as given, after the families, and hashes it with them', () => {
    const plain = renderDeviceDocument({ ...base, own });
    const withWaf = renderDeviceDocument({ ...base, own, sections: { waf_edge: { rules: ['942100'] }, nothing: null } });
    expect(withWaf.ok && withWaf.document).toEqual({ static_routes: [], waf_edge: { rules: ['942100'] } });
    expect(plain.ok && withWaf.ok && configHash(plain.document) !== configHash(withWaf.document)).toBe(true);
  });

  it("checks a known product's section with its schema, and never lets a product replace a family", () => {
    const bad = renderDeviceDocument({ ...base, own, sections: { web_filter: { enabled: 'yes' } } });
    expect(bad.ok).toBe(false);
    const family = renderDeviceDocument({ ...base, own, sections: { static_routes: 'not a family of the product' } });
    expect(family.ok && family.document.static_routes).toEqual([]);
  });
});

describe('a template variable in a number field', () => {
  const qos = {
    interfaces: [{ interface: 'wan1', upload_kbps: '{{up_kbps}}', download_kbps: 100_000 }],
    classes: [{ id: id(1), name: 'voice', guaranteed_pct: '{{voice_pct}}', maximum_pct: 50, priority: 1 }],
    rules: [],
  };
  const render = (deviceValues: Record<string, string>) =>
    renderDeviceDocument({
      deviceId: id(2),
      deviceName: 'gw-2',
      templates: [{ id: id(7), name: 'Branch QoS', defaults: {}, sections: { qos } as never }],
      groupValues: {},
      deviceValues,
      own: { interfaces: { lan: [], wan: [{ name: 'wan1', mode: 'dhcp' }], vlans: [] } } as never,
      disabledFamilies: [],
      autoVpnMembers: [],
    });

  it("renders as the number the device's value writes", () => {
    const r = render({ up_kbps: '20000', voice_pct: '30' });
    expect(r.ok && r.document.qos?.interfaces[0]?.upload_kbps).toBe(20_000);
    expect(r.ok && r.document.qos?.classes[0]?.guaranteed_pct).toBe(30);
  });

  it('refuses a value that is no number, or a number the field does not take, at the field', () => {
    const text = render({ up_kbps: 'fast', voice_pct: '30' });
    expect(text.ok ? [] : text.issues.map((i) => i.path.join('.'))).toEqual(['qos.interfaces.0.upload_kbps']);
    const above = render({ up_kbps: '20000', voice_pct: '60' });
    expect(above.ok).toBe(false);
    expect(above.ok ? '' : above.message).toMatch(/^qos\.classes\.0\.guaranteed_pct: /);
  });
});
