import { autoVpnAddress, vlanIfname, type ConfigDocument, type IpsecTunnel, type OverlayPeer } from '@netloom/domain';

/**
 * What a gateway running a configuration looks like from inside: its interfaces with their
 * addresses, its routing table, the leases its DHCP pools handed out and its IPsec tunnels. The
 * status snapshots of the agent protocol report these; here they follow the applied document.
 */
export interface RouterInterface {
  name: string;
  kind: 'lan' | 'vlan' | 'wan';
  address: string | null;
  prefix: number | null;
}
export interface RouterRoute {
  destination: string;
  gateway: string | null;
  interface: string;
  metric: number;
  origin: 'connected' | 'static' | 'default';
}
export interface RouterLease {
  interface: string;
  mac: string;
  ip: string;
  hostname: string;
  static: boolean;
}
export interface RouterTunnel {
  name: string;
  remote: string;
  state: 'up' | 'down';
  /** Why a tunnel is down, as `ipsec status` would hint at it. */
  reason: string | null;
}

export const ipToNumber = (ip: string): number => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
export const numberToIp = (n: number): string => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
export const network = (ip: string, prefix: number) => {
  const size = 2 ** (32 - prefix);
  return `${numberToIp(Math.floor(ipToNumber(ip) / size) * size)}/${prefix}`;
};

export function interfacesOf(doc: ConfigDocument, wanAddress: (ifname: string) => { ip: string; prefix: number } | null): RouterInterface[] {
  const i = doc.interfaces;
  if (!i) return [];
  return [
    ...i.lan.map((l) => ({ name: l.name, kind: 'lan' as const, address: l.ip, prefix: l.prefix })),
    ...i.vlans.map((v) => ({ name: vlanIfname(v), kind: 'vlan' as const, address: v.ip, prefix: v.prefix })),
    ...i.wan.map((w) => {
      const a = w.mode === 'static' && w.ip && w.prefix ? { ip: w.ip, prefix: w.prefix } : wanAddress(w.name);
      return { name: w.name, kind: 'wan' as const, address: a?.ip ?? null, prefix: a?.prefix ?? null };
    }),
  ];
}

/** Connected subnets, a default route per WAN (weight as metric order), then the enabled static routes. */
export function routingTable(doc: ConfigDocument, ifaces: RouterInterface[]): RouterRoute[] {
  const connected = ifaces.flatMap((i) =>
    i.address && i.prefix ? [{ destination: network(i.address, i.prefix), gateway: null, interface: i.name, metric: 0, origin: 'connected' as const }] : [],
  );
  const defaults = (doc.interfaces?.wan ?? []).map((w, n) => ({
    destination: '0.0.0.0/0',
    gateway: w.mode === 'static' ? (w.gateway ?? null) : null,
    interface: w.name,
    metric: 10 * (n + 1),
    origin: 'default' as const,
  }));
  const statics = (doc.static_routes ?? [])
    .filter((r) => r.enabled)
    .map((r) => ({
      destination: r.destination,
      gateway: r.gateway,
      interface: r.interface ?? connected.find((c) => cidrContains(c.destination, r.gateway))?.interface ?? '',
      metric: r.metric,
      origin: 'static' as const,
    }));
  return [...connected, ...defaults, ...statics];
}

export const cidrContains = (cidr: string, ip: string): boolean => {
  const [net, p] = cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(p));
  const start = ipToNumber(net);
  return ipToNumber(ip) >= start && ipToNumber(ip) < start + size;
};

/** Leases of each pool: its static leases, then `clients` dynamic ones from the start of the pool. */
export function dhcpLeases(doc: ConfigDocument, clients: number, macOf: (n: number) => string): RouterLease[] {
  const services = doc.services;
  if (!services) return [];
  return services.dhcp.flatMap((pool, poolIndex) => {
    const fixed = services.static_leases
      .filter((l) => {
        const iface = interfacesOf(doc, () => null).find((i) => i.name === pool.interface);
        return iface?.address && iface.prefix && cidrContains(network(iface.address, iface.prefix), l.ip);
      })
      .map((l) => ({ interface: pool.interface, mac: l.mac, ip: l.ip, hostname: l.name, static: true }));
    const taken = new Set(fixed.map((l) => l.ip));
    const dynamic: RouterLease[] = [];
    for (let n = ipToNumber(pool.start); n <= ipToNumber(pool.end) && dynamic.length < clients; n++) {
      if (taken.has(numberToIp(n))) continue;
      // Each pool's clients have MACs of their own (a block of 32 per pool): a MAC names one host (NAC decides by it).
      dynamic.push({
        interface: pool.interface,
        mac: macOf(poolIndex * 32 + dynamic.length),
        ip: numberToIp(n),
        hostname: `client-${dynamic.length + 1}`,
        static: false,
      });
    }
    return [...fixed, ...dynamic];
  });
}

/** The far end as this gateway knows it: its public address and what it runs. */
export interface Peer {
  publicIp: string;
  doc: ConfigDocument;
}

const proposal = (t: IpsecTunnel) => [t.ike, t.encryption, t.integrity, t.dh_group].join('/');
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * A tunnel comes up only when the far end has the mirror of it: a tunnel back to this gateway's
 * address with the same key and proposal, and the subnets crossed over.
 */
export function tunnelStates(doc: ConfigDocument, ownPublicIp: string | null, findPeer: (address: string) => Peer | undefined): RouterTunnel[] {
  return [
    ...typedTunnelStates(doc, ownPublicIp, findPeer),
    ...overlayTunnelStates(AUTO_VPN, doc, ownPublicIp, findPeer),
    ...overlayTunnelStates(OVERLAY_MESH, doc, ownPublicIp, findPeer),
  ];
}

function typedTunnelStates(doc: ConfigDocument, ownPublicIp: string | null, findPeer: (address: string) => Peer | undefined): RouterTunnel[] {
  return (doc.ipsec?.tunnels ?? []).map((t) => {
    const down = (reason: string) => ({ name: t.name, remote: t.remote, state: 'down' as const, reason });
    if (!t.enabled) return down('disabled');
    const peer = findPeer(t.remote);
    if (!peer) return down('no answer from the remote gateway');
    const back = peer.doc.ipsec?.tunnels.find((p) => p.enabled && p.remote === ownPublicIp);
    if (!back) return down('the remote gateway has no tunnel to this one');
    if (back.psk !== t.psk) return down('authentication failed (pre-shared key)');
    if (proposal(back) !== proposal(t)) return down('no proposal chosen');
    if (!sameSet(back.local_subnets, t.remote_subnets) || !sameSet(back.remote_subnets, t.local_subnets)) return down('traffic selectors do not match');
    return { name: t.name, remote: t.remote, state: 'up' as const, reason: null };
  });
}

/** An overlay the server writes peers into: where its setting sits in a document, and how the box names its tunnels. */
interface OverlayKind {
  setting(doc: ConfigDocument): { enabled: boolean; subnets: string[]; peers: OverlayPeer[] } | undefined;
  tunnelName(peerName: string): string;
}
const AUTO_VPN: OverlayKind = { setting: (doc) => doc.ipsec?.auto_vpn, tunnelName: (peer) => `auto-${peer}` };
const OVERLAY_MESH: OverlayKind = { setting: (doc) => doc.overlay_mesh, tunnelName: (peer) => `mesh-${peer}` };

/**
 * An overlay (Auto VPN, Overlay Mesh VPN) builds one tunnel per peer the server wrote into the
 * document: to the peer's address, with the pair's key, this gateway's offered subnets against the
 * peer's. It comes up when the peer runs the same overlay and lists this gateway back (at this
 * address, with the same key and the subnets crossed), as a hand-made pair would.
 */
function overlayTunnelStates(
  kind: OverlayKind,
  doc: ConfigDocument,
  ownPublicIp: string | null,
  findPeer: (address: string) => Peer | undefined,
): RouterTunnel[] {
  const own = kind.setting(doc);
  if (!own?.enabled) return [];
  // The peers know this gateway by the address the server gave them: its static WAN's, else the one it reports.
  const address = autoVpnAddress(doc, ownPublicIp);
  return own.peers.map((p) => {
    const name = kind.tunnelName(p.name);
    const remote = p.address ?? '';
    const down = (reason: string) => ({ name, remote, state: 'down' as const, reason });
    if (!p.address) return down('the peer has not reported its address yet');
    if (!p.psk) return down('no key for this peer');
    const peer = findPeer(p.address);
    if (!peer) return down('no answer from the remote gateway');
    const theirs = kind.setting(peer.doc);
    const back = theirs?.enabled ? theirs.peers.find((q) => q.address === address) : undefined;
    if (!back) return down('the remote gateway has no tunnel to this one');
    if (back.psk !== p.psk) return down('authentication failed (pre-shared key)');
    if (!sameSet(back.subnets, own.subnets) || !sameSet(theirs!.subnets, p.subnets)) return down('traffic selectors do not match');
    return { name, remote, state: 'up' as const, reason: null };
  });
}
