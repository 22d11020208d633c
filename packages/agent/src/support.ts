import { vlanIfname, type ConfigDocument } from '@netloom/domain';
import type { Capabilities } from './host/capabilities';
import { blockableHost } from './render/dnsmasq';

/** What the host has, as the agent found it at start: its capabilities and the names of its network interfaces. */
export interface HostFacts {
  caps: Capabilities;
  links: ReadonlySet<string>;
}

/** Families the agent applies to a Linux box (the rest are refused with the reason). */
export const AGENT_FAMILIES = ['interfaces', 'static_routes', 'policy_routing', 'firewall', 'nat', 'services', 'content_filter', 'bgp', 'ipsec'] as const;

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isEmpty));

/** Families the agent does not run yet, with the engine each would need on this host. */
const NOT_YET: Partial<Record<keyof ConfigDocument, (caps: Capabilities) => string>> = {
  overlay_mesh: (c) => (c.wireguard ? 'the overlay mesh is not in this agent yet' : 'this host has no WireGuard'),
  sdwan: (c) => (c.wireguard ? 'SD-WAN paths and Auto VPN are not in this agent yet' : 'this host has no WireGuard (Auto VPN)'),
  wireless: (c) => (c.wireless ? 'wireless is not in this agent yet' : 'this host has no wireless interface'),
};

/** Why this host cannot run these interfaces: a name it does not have, a kind of link its kernel lacks. */
function interfaceReasons(doc: ConfigDocument, host: HostFacts): string[] {
  const reasons: string[] = [];
  const ifs = doc.interfaces;
  if (!ifs) return reasons;
  for (const iface of [...ifs.lan, ...ifs.wan]) {
    if (!host.links.has(iface.name)) reasons.push(`interfaces: this host has no interface ${iface.name}`);
  }
  for (const wan of ifs.wan) {
    if (wan.mode === 'pppoe') reasons.push(`interfaces: ${wan.name} uses PPPoE, which this agent does not run yet`);
    if (wan.mode === 'dhcp' && !host.caps.dhclient)
      reasons.push(`interfaces: ${wan.name} takes its address by DHCP, and this host has no DHCP client (dhclient)`);
  }
  const vlans = ifs.vlans.map(vlanIfname);
  if (vlans.length && !host.caps.vlan) reasons.push(`interfaces: this kernel has no VLAN (802.1Q) support (${vlans.join(', ')})`);
  // The kernel's IFNAMSIZ: a longer name is no link at all.
  for (const name of vlans.filter((n) => n.length > 15)) reasons.push(`interfaces: ${name} is longer than the 15 characters Linux allows an interface's name`);
  return reasons;
}

function serviceReasons(doc: ConfigDocument, host: HostFacts): string[] {
  const s = doc.services;
  if (!s) return [];
  const reasons: string[] = [];
  if ((s.dhcp.length || s.static_leases.length) && !host.caps.dnsmasq) reasons.push('services: this host has no dnsmasq for DHCP');
  if (s.ntp?.enabled && !host.caps.chronyd)
    reasons.push(host.caps.chrony ? "services.ntp: chrony's chronyd does not answer on this host" : 'services.ntp: this host has no chrony');
  if (s.snmp?.enabled) reasons.push('services.snmp: this agent does not run an SNMP agent yet');
  if (s.logging?.remote) reasons.push('services.logging: this agent does not forward logs yet');
  if (s.ssh?.enabled) reasons.push("services.ssh: this agent leaves the host's SSH server as it is; turn SSH off in the configuration");
  if (s.http) reasons.push('services.http: this agent has no local web interface');
  return reasons;
}

function contentFilterReasons(doc: ConfigDocument, host: HostFacts): string[] {
  const cf = doc.content_filter;
  if (!cf) return [];
  const reasons: string[] = [];
  if (cf.categories.length) reasons.push('content_filter: this agent filters by host name (DNS) and has no category database; block hosts by URL');
  const path = cf.blocked_urls.find((u) => blockableHost(u) === null);
  if (path) reasons.push(`content_filter: ${path} names more than a host; this agent filters by host name (DNS)`);
  if (cf.blocked_urls.length && !host.caps.dnsmasq) reasons.push('content_filter: this host has no dnsmasq for DNS filtering');
  return reasons;
}

/** IPsec needs strongSwan's charon running, over the kernel's XFRM or its own userspace ESP (kernel-libipsec); the automatic VPN is not in the agent yet. */
function ipsecReasons(doc: ConfigDocument, host: HostFacts): string[] {
  const ipsec = doc.ipsec;
  if (!ipsec) return [];
  const reasons: string[] = [];
  const c = host.caps;
  if (ipsec.tunnels.some((t) => t.enabled) && !c.charon) {
    if (!c.strongswan)
      reasons.push(
        c.xfrm ? 'ipsec: this host has no strongSwan (swanctl)' : "ipsec: this host's kernel has no IPsec (XFRM) and it has no strongSwan (swanctl)",
      );
    else
      reasons.push(
        `ipsec: strongSwan's charon does not answer on this host${c.xfrm ? '' : ' (this kernel has no XFRM: charon needs the kernel-libipsec plugin)'}`,
      );
  }
  const missing = ipsec.tunnels.find((t) => t.enabled && !doc.interfaces?.wan.some((w) => w.name === t.local_interface && w.mode === 'static'));
  if (missing) reasons.push(`ipsec: ${missing.name} leaves by ${missing.local_interface}, which has no static address on this box`);
  if (ipsec.auto_vpn?.enabled) reasons.push('ipsec: the automatic VPN between gateways is not in this agent yet');
  return reasons;
}

/**
 * Why this host cannot run the document, every reason at once in one sentence per family; null
 * when it can. A family the agent does not run is refused, never pretended.
 */
export function cannotRun(doc: ConfigDocument, host: HostFacts): string | null {
  const reasons = [...interfaceReasons(doc, host), ...serviceReasons(doc, host), ...contentFilterReasons(doc, host)];
  if ((doc.firewall || doc.nat) && !host.caps.nftables) reasons.push('firewall: this host has no nftables');
  if (doc.bgp && !host.caps.frr) reasons.push('bgp: this host has no FRR (vtysh)');
  else if (doc.bgp && !host.caps.bgpd) reasons.push("bgp: FRR's bgpd does not run on this host (bgpd=yes in /etc/frr/daemons)");
  reasons.push(...ipsecReasons(doc, host));
  for (const [family, value] of Object.entries(doc) as [keyof ConfigDocument, unknown][]) {
    if ((AGENT_FAMILIES as readonly string[]).includes(family) || isEmpty(value)) continue;
    reasons.push(`${family}: ${NOT_YET[family]?.(host.caps) ?? 'not run by the Netloom agent for Linux yet'}`);
  }
  return reasons.length ? reasons.join('; ') : null;
}
