import { vlanIfname, type ConfigDocument } from '@netloom/domain';
import type { Capabilities } from './host/capabilities';
import { blockableHost } from './render/dnsmasq';

/** What the host has, as the agent found it at start: its capabilities and the names of its network interfaces. */
export interface HostFacts {
  caps: Capabilities;
  links: ReadonlySet<string>;
}

/** Families the agent applies to a Linux box (the rest are refused with the reason). */
export const AGENT_FAMILIES = [
  'interfaces',
  'static_routes',
  'policy_routing',
  'firewall',
  'nat',
  'services',
  'content_filter',
  'bgp',
  'ipsec',
  'overlay_mesh',
] as const;

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isEmpty));

/** Families the agent does not run yet, with the engine each would need on this host. */
const NOT_YET: Partial<Record<keyof ConfigDocument, (caps: Capabilities) => string>> = {
  sdwan: () => 'SD-WAN path selection (steering by link quality) is not in this agent yet',
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

/** Why strongSwan cannot run here: charon answers on its socket, over the kernel's XFRM or its own userspace ESP (kernel-libipsec). */
function charonMissing(c: Capabilities): string | null {
  if (c.charon) return null;
  if (!c.strongswan) return c.xfrm ? 'this host has no strongSwan (swanctl)' : "this host's kernel has no IPsec (XFRM) and it has no strongSwan (swanctl)";
  return `strongSwan's charon does not answer on this host${c.xfrm ? '' : ' (this kernel has no XFRM: charon needs the kernel-libipsec plugin)'}`;
}

/**
 * IPsec needs strongSwan's charon: the site-to-site tunnels, and the overlays (Auto VPN, Overlay
 * Mesh VPN), whose peers are IPsec peers with a pre-shared key per pair. An overlay meets its
 * peers from the address they were given for it: the box's first static WAN address.
 */
function ipsecReasons(doc: ConfigDocument, host: HostFacts): string[] {
  const reasons: string[] = [];
  const missing = charonMissing(host.caps);
  const staticWan = doc.interfaces?.wan.some((w) => w.mode === 'static' && w.ip);
  const ipsec = doc.ipsec;
  if (ipsec) {
    if (missing && (ipsec.tunnels.some((t) => t.enabled) || ipsec.auto_vpn?.enabled)) reasons.push(`ipsec: ${missing}`);
    const noWan = ipsec.tunnels.find((t) => t.enabled && !doc.interfaces?.wan.some((w) => w.name === t.local_interface && w.mode === 'static'));
    if (noWan) reasons.push(`ipsec: ${noWan.name} leaves by ${noWan.local_interface}, which has no static address on this box`);
    if (ipsec.auto_vpn?.enabled && !staticWan) reasons.push('ipsec: the automatic VPN meets its peers from a WAN with a static address, and this box has none');
  }
  if (doc.overlay_mesh?.enabled) {
    if (missing) reasons.push(`overlay_mesh: ${missing}`);
    if (!staticWan) reasons.push('overlay_mesh: the mesh meets its peers from a WAN with a static address, and this box has none');
  }
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
