import { filterForNeighbour, type BgpPolicyRoute, type BgpSection, type ConfigDocument, type StatusSnapshot } from '@netloom/domain';
import { ownAddresses, type FleetGateway } from './fleet-view';
import { network } from './router-model';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;
type Neighbour = BgpSection['neighbours'][number];

/** Sessions take a few seconds after boot (or after the section is applied) to open. */
const OPEN_AFTER_S = 10;

/** What the gateway itself is, for its configured BGP speaker. */
export interface BgpSelf {
  serial: string;
  publicIp: string | null;
  doc: ConfigDocument & { bgp: BgpSection };
  anyLinkUp: boolean;
  uptimeS: number;
}

interface Session {
  neighbour: Neighbour;
  state: Snapshot<'bgp'>['entries'][number]['state'];
  received: BgpPolicyRoute[];
}

const origin = (prefix: string): BgpPolicyRoute => ({ prefix, local_pref: 100, med: 0, as_path: [] });

/** What a speaker announces: its networks, and its connected subnets and static routes when it redistributes them. */
function announced(doc: ConfigDocument & { bgp: BgpSection }): BgpPolicyRoute[] {
  const connected = doc.bgp.redistribute.connected
    ? [...(doc.interfaces?.lan ?? []).map((l) => network(l.ip, l.prefix)), ...(doc.interfaces?.vlans ?? []).map((v) => network(v.ip, v.prefix))]
    : [];
  const statics = doc.bgp.redistribute.static ? (doc.static_routes ?? []).filter((r) => r.enabled).map((r) => r.destination) : [];
  return [...new Set([...doc.bgp.networks, ...connected, ...statics])].map(origin);
}

const withBgp = (g: FleetGateway): g is FleetGateway & { doc: ConfigDocument & { bgp: BgpSection } } => g.doc.bgp !== undefined;

/**
 * One neighbour's session. A neighbour that is a gateway of the fleet is Established only when it
 * is on, runs BGP with the remote AS given, and has the mirror neighbour (this gateway's address,
 * this AS); it then sends its announced networks through its out filters, and this side keeps
 * what its in filters let through. A neighbour outside the fleet is an upstream router that
 * answers while a WAN line is up and sends a default route.
 */
function session(self: BgpSelf, n: Neighbour, fleet: readonly FleetGateway[]): Session {
  const none = (state: Session['state']): Session => ({ neighbour: n, state, received: [] });
  if (!n.enabled) return none('Idle (Admin)');
  if (self.uptimeS < OPEN_AFTER_S) return none('Connect');
  const inbound = (routes: BgpPolicyRoute[]) => filterForNeighbour(self.doc.bgp, { prefix_list: n.prefix_list_in, route_map: n.route_map_in }, routes);
  const owner = fleet.find((g) => g.serial !== self.serial && ownAddresses(g).has(n.address));
  if (!owner) {
    if (!self.anyLinkUp) return none('Active');
    return { neighbour: n, state: 'Established', received: inbound([{ ...origin('0.0.0.0/0'), as_path: [n.remote_asn] }]) };
  }
  if (!owner.online || !withBgp(owner) || owner.doc.bgp.asn !== n.remote_asn) return none('Active');
  const mine = ownAddresses(self);
  const mirror = owner.doc.bgp.neighbours.find((m) => m.enabled && m.remote_asn === self.doc.bgp.asn && mine.has(m.address));
  if (!mirror) return none('Active');
  const sent = filterForNeighbour(owner.doc.bgp, { prefix_list: mirror.prefix_list_out, route_map: mirror.route_map_out }, announced(owner.doc)).map((r) => ({
    ...r,
    // eBGP puts the sender's AS in front; local preference does not cross AS borders.
    as_path: [owner.doc.bgp.asn, ...r.as_path],
    local_pref: 100,
  }));
  return { neighbour: n, state: 'Established', received: inbound(sent) };
}

/** The speaker's sessions and the routes they brought, as `show bgp summary` and `show bgp ipv4` tell them. */
export function configuredBgp(self: BgpSelf, fleet: readonly FleetGateway[]): { bgp: Snapshot<'bgp'>; routes: Snapshot<'bgp_routes'> } {
  const sessions = self.doc.bgp.neighbours.map((n) => session(self, n, fleet));
  const entries = sessions.map((s) => {
    const keepalives = s.state === 'Established' ? Math.floor(self.uptimeS / s.neighbour.keepalive_s) : 0;
    return {
      neighbour: s.neighbour.address,
      asn: s.neighbour.remote_asn,
      state: s.state,
      msg_sent: s.state === 'Idle (Admin)' ? 0 : 4 + keepalives,
      msg_received: s.state === 'Established' ? 4 + keepalives + s.received.length : 0,
      prefixes: s.received.length,
    };
  });
  const learnt = sessions.flatMap((s) => s.received.map((r) => ({ ...r, neighbour: s.neighbour.address })));
  const rank = (r: (typeof learnt)[number]) => [-r.local_pref, r.as_path.length, r.med];
  const beats = (a: (typeof learnt)[number], b: (typeof learnt)[number]) => {
    const [x, y] = [rank(a), rank(b)];
    const i = x.findIndex((v, k) => v !== y[k]);
    return i >= 0 && x[i]! < y[i]!;
  };
  const best = new Map<string, (typeof learnt)[number]>();
  for (const r of learnt) if (!best.has(r.prefix) || beats(r, best.get(r.prefix)!)) best.set(r.prefix, r);
  return {
    bgp: { kind: 'bgp', local: { ip: self.doc.bgp.router_id, asn: self.doc.bgp.asn }, entries },
    routes: {
      kind: 'bgp_routes',
      entries: learnt.map((r) => ({
        prefix: r.prefix,
        next_hop: r.neighbour,
        neighbour: r.neighbour,
        as_path: r.as_path.join(' '),
        best: best.get(r.prefix) === r,
      })),
    },
  };
}
