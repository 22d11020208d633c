import type { ConfigDocument, StatusSnapshot } from '@netloom/domain';
import type { GatewayProfile } from './profiles';
import { fixedShare } from './prng';
import type { RouterInterface, RouterLease, RouterTunnel } from './router-model';

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

/**
 * Neighbours come up a few heartbeats after boot; an ISP peer whose line is down is Active
 * (retrying), and so is the hub when no line at all is up (its session runs over the VPN).
 */
export function bgpSnapshot(bgp: BgpProfile | null, uptimeS: number, firstLineUp: boolean, anyLineUp = true): Snapshot<'bgp'> {
  if (!bgp) return { kind: 'bgp', local: null, entries: [] };
  return {
    kind: 'bgp',
    local: { ip: bgp.routerId, asn: bgp.asn },
    entries: bgp.neighbours.map((n, i) => {
      const up = uptimeS >= 30 && (i > 0 ? anyLineUp : firstLineUp);
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

/** CPU and memory at a share of the day's peak load: the system snapshot and the metrics graphs say the same. */
export function systemLoad(load: number): { cpu_pct: number; memory_pct: number } {
  return { cpu_pct: Math.round(Math.min(100, 5 + 60 * load) * 10) / 10, memory_pct: Math.round((35 + 20 * load) * 10) / 10 };
}

type Ntp = NonNullable<ConfigDocument['services']>['ntp'];

/** The box's clock as configured: a simulated box follows its first NTP server at once. */
function clockOf(ntp: Ntp) {
  if (!ntp) return {};
  const following = ntp.enabled && ntp.servers[0];
  return {
    time_zone: ntp.timezone,
    ntp: following ? { state: 'synchronised' as const, source: following, offset_ms: 0.4 } : { state: 'off' as const, source: null, offset_ms: null },
  };
}

export function systemSnapshot(p: GatewayProfile, uptimeS: number, load: number, ntp?: Ntp): Snapshot<'system'> {
  return {
    kind: 'system',
    entries: [
      {
        board: p.model.replace(/\s+/g, '-').toLowerCase(),
        model: p.model,
        firmware: `${p.os} ${p.version}`,
        uptime_s: Math.floor(uptimeS),
        ...systemLoad(load),
        disk_pct: 22,
        ...clockOf(ntp),
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

/** When a tunnel last came up, and the gateway's traffic clock (seconds at peak rate) then. */
export interface TunnelUp {
  sinceMs: number;
  busyS: number;
}

/** Rekeying every hour of an SA's life: shorter than any lifetime a tunnel may be given, so the count shows. */
const REKEY_EVERY_S = 3600;

/**
 * Traffic of each tunnel since it came up: a fixed few per cent of the gateway's peak rate
 * along its traffic clock, so it grows while the tunnel is up and starts over when it comes back.
 */
export function ipsecStatsSnapshot(
  tunnels: readonly RouterTunnel[],
  upSince: (name: string) => TunnelUp | undefined,
  now: { ms: number; busyS: number },
  peakBps: number,
): Snapshot<'ipsec_stats'> {
  return {
    kind: 'ipsec_stats',
    entries: tunnels.map((t) => {
      const up = t.state === 'up' ? upSince(t.name) : undefined;
      if (!up) return { name: t.name, established_s: null, bytes_in: 0, bytes_out: 0, packets_in: 0, packets_out: 0, rekeys: 0 };
      const established = Math.max(0, Math.floor((now.ms - up.sinceMs) / 1000));
      const bytesIn = Math.floor(Math.max(0, now.busyS - up.busyS) * peakBps * (0.02 + 0.06 * fixedShare(t.name, 'in')));
      const bytesOut = Math.floor(bytesIn * (0.4 + 0.5 * fixedShare(t.name, 'out')));
      return {
        name: t.name,
        established_s: established,
        bytes_in: bytesIn,
        bytes_out: bytesOut,
        // Downloads come in full-size packets, uploads carry more acknowledgements.
        packets_in: Math.floor(bytesIn / 1100),
        packets_out: Math.floor(bytesOut / 600),
        rekeys: Math.floor(established / REKEY_EVERY_S),
      };
    }),
  };
}

/**
 * What the neighbours of an established session advertise: the ISP a default route, the hub the
 * tenant's site networks (one /16 per prefix it counts). A neighbour not established gives none.
 */
export function bgpRoutesSnapshot(bgp: Snapshot<'bgp'>, profile: BgpProfile | null): Snapshot<'bgp_routes'> {
  if (!profile) return { kind: 'bgp_routes', entries: [] };
  const entries = bgp.entries.flatMap((n, i) => {
    if (n.state !== 'Established') return [];
    const prefixes = i === 0 ? ['0.0.0.0/0'] : Array.from({ length: n.prefixes }, (_, k) => `10.${k + 1}.0.0/16`);
    return prefixes.map((prefix) => ({ prefix, next_hop: n.neighbour, neighbour: n.neighbour, as_path: String(n.asn), best: true }));
  });
  return { kind: 'bgp_routes', entries };
}
