import type { ConfigDocument } from '@netloom/domain';
import { vlanIfname } from '@netloom/domain';

/** Another gateway of the same tenant as a neighbour on the network sees it: BGP peers, VRRP partners. */
export interface FleetGateway {
  serial: string;
  /** Connected to the server now: a box that is off answers nobody. */
  online: boolean;
  publicIp: string | null;
  doc: ConfigDocument;
  /** Its interface of that name is up (WAN lines flap; LANs and VLANs stay up). */
  interfaceUp(ifname: string): boolean;
  /** Who it last saw as master of a VRRP group (by subnet and id): a master knows it is one. */
  vrrpMaster?(group: string): string | undefined;
}

/** The gateways of its tenant that run a configuration, itself included, as they are now. */
export type FleetView = () => readonly FleetGateway[];

/** The addresses a gateway answers on: its BGP router id, its interfaces' own addresses and its public address. */
export function ownAddresses(g: Pick<FleetGateway, 'doc' | 'publicIp'>): Set<string> {
  const i = g.doc.interfaces;
  return new Set(
    [
      g.doc.bgp?.router_id,
      ...(i?.lan ?? []).map((l) => l.ip),
      ...(i?.vlans ?? []).map((v) => v.ip),
      ...(i?.wan ?? []).map((w) => w.ip),
      g.publicIp ?? undefined,
    ].filter((a): a is string => a !== undefined),
  );
}

/** The address and prefix of a LAN or VLAN interface by its name. */
export function lanAddress(doc: ConfigDocument, ifname: string): { ip: string; prefix: number } | null {
  const lan = doc.interfaces?.lan.find((l) => l.name === ifname);
  if (lan) return { ip: lan.ip, prefix: lan.prefix };
  const vlan = doc.interfaces?.vlans.find((v) => vlanIfname(v) === ifname);
  return vlan ? { ip: vlan.ip, prefix: vlan.prefix } : null;
}
