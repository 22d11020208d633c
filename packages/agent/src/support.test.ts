import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from '@netloom/domain';
import { cannotRun, type HostFacts } from './support';
import type { Capabilities } from './host/capabilities';

const none: Capabilities = {
  nftables: false,
  dnsmasq: false,
  frr: false,
  strongswan: false,
  wireguard: false,
  vlan: false,
  wireless: false,
  chrony: false,
  tcpdump: false,
  conntrack: false,
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
      "interfaces: this host has no interface wan0; interfaces: this host's kernel has no VLAN support (lan0.10)",
    );
  });
  it('refuses BGP without FRR and says what it would need, never pretending', () => {
    const doc = configDocumentSchema.parse({ interfaces, bgp: { asn: 65001, router_id: '198.51.100.2' } });
    expect(cannotRun(doc, host({}))).toBe('bgp: this host has no FRR (vtysh)');
    expect(cannotRun(doc, host({ frr: true }))).toBe('bgp: BGP through FRR is not in this agent yet');
  });
  it('leaves an empty section alone: nothing of it would run', () => {
    expect(cannotRun(configDocumentSchema.parse({ interfaces, policy_routing: [], qos: undefined }), host({}))).toBeNull();
  });
});
