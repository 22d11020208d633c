import ipaddr from 'ipaddr.js';
import { dhcpPoolSchema, type DhcpPool, type ServicesSection } from '../config/families/services';
import { vlanIfname, vlanSchema, type InterfacesSection, type Vlan } from '../config/families/interfaces';
import { zoneSchema, type FirewallSection, type Zone } from '../config/families/firewall';
import { subnetOf } from '../config/subnets';
import { SEGMENT_KEY, stableUuid } from './segmentation';

/**
 * A VLAN of its own for a class of devices, in the shapes the configuration families have: the
 * interfaces family's tagged VLAN on a LAN interface (the gateway's address in it), a DHCP pool
 * on it (services family) and a firewall zone holding it, whose forward policy drops what no
 * rule allows, so the segment's rules (segmentation.ts) decide all its routed traffic.
 *
 * The families tag a VLAN on the gateway's own LAN port and can put an SSID on it (wireless
 * family's `vlan`); which switch port or MAC lands in it is the switch's or the SSID's matter,
 * as nothing in the families assigns a VLAN per MAC.
 */
export interface IotVlanPlan {
  key: string;
  /** The LAN interface that carries the tag ('lan1'). */
  parent: string;
  vlan_id: number;
  /** The gateway's address in the VLAN, and its prefix: 192.168.30.1/24. */
  ip: string;
  prefix: number;
}

export interface IotVlan {
  vlan: Vlan;
  zone: Zone;
  dhcp: DhcpPool;
}

/** Big enough for a pool past the first ten addresses (kept for the gateway and fixed devices). */
export const IOT_VLAN_PREFIX_MAX = 28;

const addressOf = (n: number) => new ipaddr.IPv4([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]).toString();

/** The VLAN, its zone and its pool (addresses from the tenth host to the last, the gateway's own left out when it falls in). */
export function iotVlan(plan: IotVlanPlan): { ok: true; vlan: IotVlan } | { ok: false; reason: string } {
  if (!SEGMENT_KEY.test(plan.key)) return { ok: false, reason: 'A segment name is lower-case letters, digits, - or _, at most 32' };
  if (plan.prefix > IOT_VLAN_PREFIX_MAX) return { ok: false, reason: `A /${IOT_VLAN_PREFIX_MAX} or larger: the pool starts at the tenth address` };
  const vlan = vlanSchema.parse({ id: stableUuid(`${plan.key}|vlan`), parent: plan.parent, vlan_id: plan.vlan_id, ip: plan.ip, prefix: plan.prefix });
  const ifname = vlanIfname(vlan);
  // A zone's name is an interface-style name of at most 15 characters: 'iot' and the VLAN id.
  const zone = zoneSchema.parse({
    id: stableUuid(`${plan.key}|zone`),
    name: `iot${plan.vlan_id}`,
    interfaces: [ifname],
    input: 'accept',
    output: 'accept',
    forward: 'drop',
  });
  const { network, broadcast } = subnetOf(plan.ip, plan.prefix);
  const gateway = subnetOf(plan.ip, 32).network;
  const first = network + 10 === gateway ? network + 11 : network + 10;
  const last = broadcast - 1 === gateway ? broadcast - 2 : broadcast - 1;
  const dhcp = dhcpPoolSchema.parse({ id: stableUuid(`${plan.key}|dhcp`), interface: ifname, start: addressOf(first), end: addressOf(last), gateway: plan.ip });
  return { ok: true, vlan: { vlan, zone, dhcp } };
}

interface VlanSections {
  interfaces: InterfacesSection;
  firewall: FirewallSection;
  services: ServicesSection;
}

/** The sections with the VLAN, its zone and its pool, replacing an earlier one of the same segment. */
export function applyIotVlan(sections: VlanSections, v: IotVlan): VlanSections {
  const { interfaces, firewall, services } = sections;
  return {
    interfaces: { ...interfaces, vlans: [...interfaces.vlans.filter((x) => x.id !== v.vlan.id), v.vlan] },
    firewall: { ...firewall, zones: [...firewall.zones.filter((z) => z.id !== v.zone.id), v.zone] },
    services: { ...services, dhcp: [...services.dhcp.filter((p) => p.id !== v.dhcp.id), v.dhcp] },
  };
}

/** The sections without a segment's VLAN, zone and pool (their ids come from its name), and nothing else. */
export function removeIotVlan(sections: VlanSections, key: string): VlanSections {
  const { interfaces, firewall, services } = sections;
  const ids = { vlan: stableUuid(`${key}|vlan`), zone: stableUuid(`${key}|zone`), dhcp: stableUuid(`${key}|dhcp`) };
  return {
    interfaces: { ...interfaces, vlans: interfaces.vlans.filter((x) => x.id !== ids.vlan) },
    firewall: { ...firewall, zones: firewall.zones.filter((z) => z.id !== ids.zone) },
    services: { ...services, dhcp: services.dhcp.filter((p) => p.id !== ids.dhcp) },
  };
}

/** The VLAN's network as a CIDR ('192.168.30.0/24'): where its devices' pool addresses are, for a segment's IP set. */
export const iotVlanNetwork = (ip: string, prefix: number): string => `${addressOf(subnetOf(ip, prefix).network)}/${prefix}`;
