import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { cannotRun, type HostFacts } from './support';
import type { Capabilities } from './host/capabilities';

const none: Capabilities = {
  nftables: false,
  dnsmasq: false,
  frr: false,
  bgpd: false,
  xfrm: false,
  charon: false,
  strongswan: false,
  wireguard: false,
  vlan: false,
  wireless: false,
  chrony: false,
  chronyd: false,
  tcpdump: false,
  conntrack: false,
  traceroute: false,
  iperf3: false,
  dhclient: false,
};
const host = (caps: Partial<Capabilities>, links = ['lan0', 'wan0']): HostFacts => ({ caps: { ...none, ...caps }, links: new Set(links) });
const interfaces = {
  lan: [{ name: 'lan0', ip: '192.168.1.1', prefix: 24 }],
  wan: [{ name: 'wan0', mode: 'static', ip: '198.51.100.2', prefix: 24, gateway: '198.51.100.1' }],
  vlans: [],
};

describe('what a Linux host can run', () => {
  it('runs routing, firewall and DHCP where it has nftables and dnsmasq', () => {
    const doc = configDocumentSchema.parse({
      interfaces,
      firewall: { zones: [], inbound: [], outbound: [], ipsets: [] },
      services: { dhcp: [{ id: crypto.randomUUID(), interface: 'lan0', start: '192.168.1.100', end: '192.168.1.200' }] },
    });
    expect(cannotRun(doc, host({ nftables: true, dnsmasq: true }))).toBeNull();
    expect(cannotRun(doc, host({}))).toBe('services: this host has no dnsmasq for DHCP; firewall: this host has no nftables');
  });
  it('names an interface the host does not have, and a kernel without VLANs', () => {
    const doc = configDocumentSchema.parse({
      interfaces: { ...interfaces, vlans: [{ id: crypto.randomUUID(), parent: 'lan0', vlan_id: 10, ip: '10.10.0.1', prefix: 24 }] },
    });
    expect(cannotRun(doc, host({}, ['lan0']))).toBe(
      'interfaces: this host has no interface wan0; interfaces: this kernel has no VLAN (802.1Q) support (lan0.10)',
    );
    expect(cannotRun(doc, host({ vlan: true }))).toBeNull();
  });
  it('refuses a VLAN whose name is longer than Linux allows', () => {
    const doc = configDocumentSchema.parse({
      interfaces: {
        lan: [{ name: 'lan-downstairs', ip: '192.168.1.1', prefix: 24 }],
        wan: interfaces.wan,
        vlans: [{ id: crypto.randomUUID(), parent: 'lan-downstairs', vlan_id: 100, ip: '10.10.0.1', prefix: 24 }],
      },
    });
    expect(cannotRun(doc, host({ vlan: true }, ['lan-downstairs', 'wan0']))).toBe(
      "interfaces: lan-downstairs.100 is longer than the 15 characters Linux allows an interface's name",
    );
  });
  it('runs BGP where FRR runs bgpd, and says what is missing where it does not', () => {
    const doc = configDocumentSchema.parse({ interfaces, bgp: { asn: 65001, router_id: '198.51.100.2' } });
    expect(cannotRun(doc, host({}))).toBe('bgp: this host has no FRR (vtysh)');
    expect(cannotRun(doc, host({ frr: true }))).toBe("bgp: FRR's bgpd does not run on this host (bgpd=yes in /etc/frr/daemons)");
    expect(cannotRun(doc, host({ frr: true, bgpd: true }))).toBeNull();
  });
  it("sets the time zone anywhere, and NTP where chrony's daemon answers", () => {
    const ntp = (enabled: boolean) => configDocumentSchema.parse({ services: { ntp: { enabled, servers: ['pool.ntp.org'], timezone: 'Europe/Paris' } } });
    expect(cannotRun(ntp(false), host({}))).toBeNull();
    expect(cannotRun(ntp(true), host({}))).toBe('services.ntp: this host has no chrony');
    expect(cannotRun(ntp(true), host({ chrony: true }))).toBe("services.ntp: chrony's chronyd does not answer on this host");
    expect(cannotRun(ntp(true), host({ chrony: true, chronyd: true }))).toBeNull();
  });
  it("runs IPsec where strongSwan's charon answers, and says what is missing where it does not", () => {
    const doc = configDocumentSchema.parse({
      interfaces,
      ipsec: {
        tunnels: [
          {
            id: crypto.randomUUID(),
            name: 'HQ',
            remote: '203.0.113.9',
            local_interface: 'wan0',
            local_subnets: ['192.168.1.0/24'],
            remote_subnets: ['10.0.0.0/24'],
            psk: 'a-long-shared-secret',
          },
        ],
      },
    });
    expect(cannotRun(doc, host({}))).toBe("ipsec: this host's kernel has no IPsec (XFRM) and it has no strongSwan (swanctl)");
    expect(cannotRun(doc, host({ xfrm: true }))).toBe('ipsec: this host has no strongSwan (swanctl)');
    expect(cannotRun(doc, host({ strongswan: true }))).toBe(
      "ipsec: strongSwan's charon does not answer on this host (this kernel has no XFRM: charon needs the kernel-libipsec plugin)",
    );
    expect(cannotRun(doc, host({ strongswan: true, charon: true }))).toBeNull();
  });

  it('runs Auto VPN and the Overlay Mesh as IPsec peers where charon answers, from a static WAN', () => {
    const setting = { enabled: true, topology: 'full-mesh', subnets: ['192.168.1.0/24'], peers: [] };
    const doc = configDocumentSchema.parse({ interfaces, ipsec: { tunnels: [], auto_vpn: setting }, overlay_mesh: setting });
    expect(cannotRun(doc, host({ strongswan: true, charon: true }))).toBeNull();
    expect(cannotRun(doc, host({ xfrm: true }))).toBe('ipsec: this host has no strongSwan (swanctl); overlay_mesh: this host has no strongSwan (swanctl)');
    const dhcp = configDocumentSchema.parse({ ...doc, interfaces: { ...interfaces, wan: [{ name: 'wan0', mode: 'dhcp' }] } });
    expect(cannotRun(dhcp, host({ strongswan: true, charon: true, dhclient: true }))).toBe(
      'ipsec: the automatic VPN meets its peers from a WAN with a static address, and this box has none; overlay_mesh: the mesh meets its peers from a WAN with a static address, and this box has none',
    );
    // Turned off, an overlay needs nothing.
    const off = configDocumentSchema.parse({
      interfaces,
      ipsec: { tunnels: [], auto_vpn: { ...setting, enabled: false } },
      overlay_mesh: { ...setting, enabled: false },
    });
    expect(cannotRun(off, host({}))).toBeNull();
  });

  it('refuses SD-WAN path selection without claiming it needs WireGuard', () => {
    const doc = configDocumentSchema.parse({ interfaces, sdwan: { interfaces: [{ interface: 'wan0' }] } });
    expect(cannotRun(doc, host({}))).toBe('sdwan: SD-WAN path selection (steering by link quality) is not in this agent yet');
  });

  it('refuses a family it does not run yet, naming the engine it would need', () => {
    const doc = configDocumentSchema.parse({ interfaces, netflow: { interfaces: ['lan0'] } });
    expect(cannotRun(doc, host({}))).toBe('netflow: not run by the Netloom agent for Linux yet');
  });
  it('leaves an empty section alone: nothing of it would run', () => {
    expect(cannotRun(configDocumentSchema.parse({ interfaces, policy_routing: [], qos: undefined }), host({}))).toBeNull();
  });
});
