import type { z } from 'zod';
import { ipv4ToNumber } from '../validators/ipv4';
import { addFieldIssue } from './families/issues';
import { vlanIfname, type InterfacesSection } from './families/interfaces';
import type { StaticRoute } from './families/static-routes';
import type { FirewallSection } from './families/firewall';
import type { NatSection } from './families/nat';
import type { ServicesSection } from './families/services';
import type { SdwanSection } from './families/sdwan';
import type { IpsecSection } from './families/ipsec';
import type { PolicyRoutingSection } from './families/policy-routing';
import type { QosSection } from './families/qos';
import type { VrrpSection } from './families/vrrp';
import type { LinkBondingSection } from './families/link-bonding';
import type { NetflowSection } from './families/netflow';
import type { AccelerationSection } from './families/acceleration';
import type { UrlFilterSection } from './families/url-filter';
import type { UserMappingSection } from './families/user-mapping';
import type { OverlayMeshSection } from './families/overlay-mesh';
import type { IdsIpsSection } from './families/ids-ips';
import { contains, isNetworkCidr, overlaps, subnetOf, subnetOfCidr, within, type Subnet } from './subnets';

/**
 * The rules across families, one function per family: each names what it needs from another
 * family (interfaces, almost always) and puts every issue at the path of the field to fix.
 */

/** The document as these rules read it (document.ts has the schema; a type of its own here keeps the two files out of a cycle). */
export interface DocumentParts {
  interfaces?: InterfacesSection;
  static_routes?: StaticRoute[];
  firewall?: FirewallSection;
  nat?: NatSection;
  services?: ServicesSection;
  sdwan?: SdwanSection;
  ipsec?: IpsecSection;
  policy_routing?: PolicyRoutingSection;
  qos?: QosSection;
  vrrp?: VrrpSection;
  link_bonding?: LinkBondingSection;
  netflow?: NetflowSection;
  acceleration?: AccelerationSection;
  url_filter?: UrlFilterSection;
  user_mapping?: UserMappingSection;
  overlay_mesh?: OverlayMeshSection;
  ids_ips?: IdsIpsSection;
}
type Ctx = z.RefinementCtx;
type Path = (string | number)[];

interface LocalNet {
  ifname: string;
  /** The interface's own address. */
  ip: string;
  subnet: Subnet;
  path: Path;
}

/** What the box is directly on, and the names another family may use for its interfaces. */
export interface DeviceNets {
  /** LAN interfaces and their VLANs (as <parent>.<vlan_id>): the device's own subnets. */
  lan: LocalNet[];
  /** Static WANs; a DHCP or PPPoE WAN's subnet is only known on the box. */
  wan: LocalNet[];
  wanNames: Set<string>;
  /** LAN, VLAN and WAN names. */
  names: Set<string>;
}

const NOT_WAN = 'Not a WAN interface of this configuration';
const NO_INTERFACE = 'No such interface in this configuration';
const NOT_DEVICE_SUBNET = 'Not a subnet of this device';

/** A document without interfaces has none: a rule naming one then fails (static routes excepted, see checkStaticRoutes). */
export function deviceNets(i: InterfacesSection = { lan: [], wan: [], vlans: [] }): DeviceNets {
  const lanNames = new Set(i.lan.map((iface) => iface.name));
  const lan: LocalNet[] = [
    ...i.lan.map((iface, n) => ({ ifname: iface.name, ip: iface.ip, subnet: subnetOf(iface.ip, iface.prefix), path: ['interfaces', 'lan', n, 'ip'] })),
    // A VLAN on a missing parent is already an issue of the interfaces section; it is no interface to the other families.
    ...i.vlans.flatMap((v, n) =>
      lanNames.has(v.parent) ? [{ ifname: vlanIfname(v), ip: v.ip, subnet: subnetOf(v.ip, v.prefix), path: ['interfaces', 'vlans', n, 'ip'] }] : [],
    ),
  ];
  const wan = i.wan.flatMap((w, n) =>
    w.mode === 'static' && w.ip && w.prefix ? [{ ifname: w.name, ip: w.ip, subnet: subnetOf(w.ip, w.prefix), path: ['interfaces', 'wan', n, 'ip'] }] : [],
  );
  const wanNames = new Set(i.wan.map((w) => w.name));
  return { lan, wan, wanNames, names: new Set([...lan.map((n) => n.ifname), ...wanNames]) };
}

/** One issue per field: a malformed value keeps only its own message (families/issues.ts). */
const issue = addFieldIssue;
const onLan = (nets: DeviceNets, ip: string) => nets.lan.some((n) => contains(n.subnet, ip));
const insideLan = (nets: DeviceNets, cidr: string) => nets.lan.some((n) => within(subnetOfCidr(cidr), n.subnet));

/** LAN and VLAN subnets do not overlap: the box could not tell which side an address is on. */
export function checkInterfaces(nets: DeviceNets, ctx: Ctx) {
  nets.lan.forEach((a, i) => {
    const clash = nets.lan.slice(0, i).find((b) => overlaps(a.subnet, b.subnet));
    if (clash) issue(ctx, a.path, `Subnet overlaps ${clash.ifname}`);
  });
}

/** A route's interface exists and its gateway is on a subnet the box is on (behind a DHCP or PPPoE WAN any next hop may be). Without interfaces there is nothing to check against. */
export function checkStaticRoutes(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  if (!doc.interfaces) return;
  const wans = doc.interfaces.wan;
  const reachable = [...nets.lan, ...nets.wan];
  doc.static_routes?.forEach((route, i) => {
    if (route.interface && !nets.names.has(route.interface)) issue(ctx, ['static_routes', i, 'interface'], NO_INTERFACE);
    const dynamicWan = wans.some((w) => w.mode !== 'static' && (!route.interface || route.interface === w.name));
    if (!dynamicWan && !reachable.some((n) => contains(n.subnet, route.gateway) && (!route.interface || route.interface === n.ifname))) {
      issue(ctx, ['static_routes', i, 'gateway'], 'Gateway is not on a subnet of this device');
    }
  });
}

/** A zone's interfaces exist (references inside the section are the section's own rules). */
export function checkFirewall(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.firewall?.zones.forEach((zone, i) =>
    zone.interfaces.forEach((ifname, k) => {
      if (!nets.names.has(ifname)) issue(ctx, ['firewall', 'zones', i, 'interfaces', k], NO_INTERFACE);
    }),
  );
}

/** Traffic is translated on a WAN, towards a host on the device's own LAN side. */
export function checkNat(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  const nat = doc.nat;
  if (!nat) return;
  const wan = (ifname: string, path: Path) => {
    if (!nets.wanNames.has(ifname)) issue(ctx, path, NOT_WAN);
  };
  const lanHost = (ip: string, path: Path) => {
    if (!onLan(nets, ip)) issue(ctx, path, 'Not on a LAN subnet of this device');
  };
  nat.port_forwards.forEach((f, i) => {
    wan(f.wan_interface, ['nat', 'port_forwards', i, 'wan_interface']);
    lanHost(f.internal_ip, ['nat', 'port_forwards', i, 'internal_ip']);
  });
  nat.source_nat.forEach((s, i) => wan(s.out_interface, ['nat', 'source_nat', i, 'out_interface']));
  nat.one_to_one.forEach((o, i) => {
    wan(o.wan_interface, ['nat', 'one_to_one', i, 'wan_interface']);
    lanHost(o.internal_ip, ['nat', 'one_to_one', i, 'internal_ip']);
  });
}

/** `ip` is a host address of `net` other than the interface's own: where a pool or a virtual address may be. */
function hostOf(net: LocalNet, ip: string, path: Path, ctx: Ctx) {
  const n = ipv4ToNumber(ip);
  if (!contains(net.subnet, ip)) issue(ctx, path, `Outside the subnet of ${net.ifname}`);
  else if (n === net.subnet.network || n === net.subnet.broadcast) issue(ctx, path, `Network or broadcast address of ${net.ifname}`);
  else if (ip === net.ip) issue(ctx, path, `Address of ${net.ifname} itself`);
}

/** A DHCP pool hands out host addresses of its own interface's subnet, other than the interface's; a static lease falls in some pool's subnet. */
export function checkServices(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  const services = doc.services;
  if (!services) return;
  const pooled: LocalNet[] = [];
  services.dhcp.forEach((pool, i) => {
    const net = nets.lan.find((n) => n.ifname === pool.interface);
    if (!net) {
      issue(ctx, ['services', 'dhcp', i, 'interface'], 'No such LAN interface in this configuration');
      return;
    }
    pooled.push(net);
    for (const field of ['start', 'end'] as const) hostOf(net, pool[field], ['services', 'dhcp', i, field], ctx);
  });
  services.static_leases.forEach((lease, i) => {
    if (!pooled.some((n) => contains(n.subnet, lease.ip))) issue(ctx, ['services', 'static_leases', i, 'ip'], "Not in a DHCP pool's subnet");
  });
}

/** SD-WAN steers over the document's WANs only. */
export function checkSdwan(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.sdwan?.interfaces.forEach((link, i) => {
    if (!nets.wanNames.has(link.interface)) issue(ctx, ['sdwan', 'interfaces', i, 'interface'], NOT_WAN);
  });
}

/** A tunnel leaves by a WAN and joins the device's own subnets to remote ones that do not collide with them. */
export function checkIpsec(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  const ipsec = doc.ipsec;
  if (!ipsec) return;
  ipsec.tunnels.forEach((t, i) => {
    const at = (...rest: Path) => ['ipsec', 'tunnels', i, ...rest];
    if (!nets.wanNames.has(t.local_interface)) issue(ctx, at('local_interface'), NOT_WAN);
    t.local_subnets.forEach((s, k) => {
      if (!insideLan(nets, s)) issue(ctx, at('local_subnets', k), NOT_DEVICE_SUBNET);
    });
    t.remote_subnets.forEach((s, k) => {
      if (nets.lan.some((n) => overlaps(subnetOfCidr(s), n.subnet))) issue(ctx, at('remote_subnets', k), 'Overlaps a LAN subnet of this device');
    });
  });
  ipsec.auto_vpn?.subnets.forEach((s, k) => {
    if (!insideLan(nets, s)) issue(ctx, ['ipsec', 'auto_vpn', 'subnets', k], NOT_DEVICE_SUBNET);
  });
}

export function checkPolicyRouting(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.policy_routing?.forEach((route, i) => {
    if (!nets.names.has(route.out_interface)) issue(ctx, ['policy_routing', i, 'out_interface'], NO_INTERFACE);
  });
}

/** Shaping is on interfaces of the document. */
export function checkQos(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.qos?.interfaces.forEach((q, i) => {
    if (!nets.names.has(q.interface)) issue(ctx, ['qos', 'interfaces', i, 'interface'], NO_INTERFACE);
  });
}

/** A group runs on a LAN or VLAN of the document, its virtual address a free host of that subnet; what it tracks exists. */
export function checkVrrp(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.vrrp?.groups.forEach((g, i) => {
    const at = (...rest: Path) => ['vrrp', 'groups', i, ...rest];
    const net = nets.lan.find((n) => n.ifname === g.interface);
    if (!net) issue(ctx, at('interface'), 'No such LAN interface in this configuration');
    else hostOf(net, g.virtual_ip, at('virtual_ip'), ctx);
    g.track.forEach((t, k) => {
      if (!nets.names.has(t.interface)) issue(ctx, [...at('track', k), 'interface'], NO_INTERFACE);
    });
  });
}

/** Bond members are WAN links of the document; a VPN bond's peer is one of its IPsec tunnels, Auto VPN or Overlay Mesh VPN gateways. */
export function checkLinkBonding(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  const bonding = doc.link_bonding;
  if (!bonding) return;
  const peers = new Set([
    ...(doc.ipsec?.tunnels ?? []).map((t) => t.name),
    ...(doc.ipsec?.auto_vpn?.peers ?? []).map((p) => p.name),
    ...(doc.overlay_mesh?.peers ?? []).map((p) => p.name),
  ]);
  for (const side of ['vpn', 'internet'] as const) {
    bonding[side].forEach((bond, i) => {
      bond.members.forEach((m, k) => {
        if (!nets.wanNames.has(m)) issue(ctx, ['link_bonding', side, i, 'members', k], NOT_WAN);
      });
    });
  }
  bonding.vpn.forEach((bond, i) => {
    if (!peers.has(bond.peer)) issue(ctx, ['link_bonding', 'vpn', i, 'peer'], 'No such VPN peer: an IPsec tunnel, an Auto VPN or a mesh gateway');
  });
}

/** Flows are exported from interfaces of the document. */
export function checkNetflow(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.netflow?.interfaces.forEach((name, i) => {
    if (!nets.names.has(name)) issue(ctx, ['netflow', 'interfaces', i], NO_INTERFACE);
  });
}

/** Acceleration runs on WAN links of the document. */
export function checkAcceleration(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.acceleration?.wan_links.forEach((name, i) => {
    if (!nets.wanNames.has(name)) issue(ctx, ['acceleration', 'wan_links', i], NOT_WAN);
  });
}

/** The gateway's own URL filter runs on LAN interfaces and VLANs of the document: a WAN has no clients of its own to filter. */
export function checkUrlFilter(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  const lans = new Set(nets.lan.map((n) => n.ifname));
  doc.url_filter?.interfaces.forEach((name, i) => {
    if (!lans.has(name)) issue(ctx, ['url_filter', 'interfaces', i], 'Not a LAN interface or VLAN of this configuration');
  });
}

/** A user is mapped to an address on one of the device's own subnets: no other address comes through its LAN. */
export function checkUserMapping(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.user_mapping?.static_entries.forEach((entry, i) => {
    if (!onLan(nets, entry.address)) issue(ctx, ['user_mapping', 'static_entries', i, 'address'], 'Not an address on a LAN of this device');
  });
}

/** A gateway advertises to its mesh only subnets it is on: a subnet of one of its LAN interfaces or VLANs. */
export function checkOverlayMesh(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.overlay_mesh?.subnets.forEach((s, k) => {
    if (isNetworkCidr(s) && !insideLan(nets, s)) issue(ctx, ['overlay_mesh', 'subnets', k], 'Not a subnet of a LAN interface of this device');
  });
}

/** The engine inspects interfaces of the document. */
export function checkIdsIps(doc: DocumentParts, nets: DeviceNets, ctx: Ctx) {
  doc.ids_ips?.interfaces.forEach((name, i) => {
    if (!nets.names.has(name)) issue(ctx, ['ids_ips', 'interfaces', i], NO_INTERFACE);
  });
}
