import type { StatusSnapshot } from '@netloom/domain';
import type { GatewayProfile } from './profiles';
import type { RouterInterface, RouterLease } from './router-model';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;

/** The neighbours a gateway's BGP profile gives it until the BGP configuration family exists. */
export interface BgpProfile {
  asn: number;
  routerId: string;
  neighbours: { address: string; asn: number }[];
}

/**
 * Every third gateway speaks BGP: to its ISP on its first public line and to the hub, AS numbers
 * from the private range. Derived from the profile, so no random draw shifts the others.
 */
export function bgpProfileOf(p: GatewayProfile, index: number): BgpProfile | null {
  if (index % 3 !== 0) return null;
  const isp = p.publicIps[0]!.replace(/\.\d+$/, '.1');
  return {
    asn: 64_512 + index,
    routerId: p.vpnIp,
    neighbours: [
      { address: isp, asn: 65_000 + (index % 7) },
      { address: '10.255.0.1', asn: 64_512 },
    ],
  };
}

/** Neighbours come up a few heartbeats after boot; an ISP peer whose line is down is Active (retrying). */
export function bgpSnapshot(bgp: BgpProfile | null, uptimeS: number, firstLineUp: boolean): Snapshot<'bgp'> {
  if (!bgp) return { kind: 'bgp', local: null, entries: [] };
  return {
    kind: 'bgp',
    local: { ip: bgp.routerId, asn: bgp.asn },
    entries: bgp.neighbours.map((n, i) => {
      const up = uptimeS >= 30 && (i > 0 || firstLineUp);
      const keepalives = Math.floor(uptimeS / 60);
      return {
        neighbour: n.address,
        asn: n.asn,
        state: up ? 'Established' : uptimeS < 30 ? 'Connect' : 'Active',
        msg_sent: 4 + keepalives,
        msg_received: 4 + keepalives + (up ? 2 : 0),
        prefixes: up ? (i === 0 ? 1 : 12) : 0,
      };
    }),
  };
}

export function systemSnapshot(p: GatewayProfile, uptimeS: number, load: number): Snapshot<'system'> {
  return {
    kind: 'system',
    entries: [
      {
        board: p.model.replace(/\s+/g, '-').toLowerCase(),
        model: p.model,
        firmware: `${p.os} ${p.version}`,
        uptime_s: Math.floor(uptimeS),
        cpu_pct: Math.round(Math.min(100, 5 + 60 * load) * 10) / 10,
        memory_pct: Math.round((35 + 20 * load) * 10) / 10,
        disk_pct: 22,
      },
    ],
  };
}

/** Neighbours it has talked to: its DHCP clients and each live WAN's next hop. */
export function arpSnapshot(interfaces: RouterInterface[], leases: RouterLease[], macOf: (n: number) => string): Snapshot<'arp'> {
  const clients = leases.map((l) => ({ ip: l.ip, mac: l.mac, interface: l.interface, state: 'reachable' as const }));
  const hops = interfaces
    .filter((i) => i.kind === 'wan' && i.address)
    .map((i, n) => ({ ip: i.address!.replace(/\.\d+$/, '.1'), mac: macOf(200 + n), interface: i.name, state: 'reachable' as const }));
  return { kind: 'arp', entries: [...hops, ...clients] };
}
