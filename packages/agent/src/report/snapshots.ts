import { emptySnapshot, vlanIfname, type ConfigDocument, type StatusKind, type StatusSnapshot } from '@netloom/domain';
import type { KernelNeighbour, Sample } from '../host/sampler';
import { COMMENT_PREFIX } from '../render/nftables';
import { NETLOOM_PROTO } from '../render/routes';
import { connectionName, overlayTunnels } from '../render/swanctl';
import type { SaReading } from '../host/strongswan';

type Snapshot<K extends StatusKind> = Extract<StatusSnapshot, { kind: K }>;
/** What the box is, for its system report: read once at start, with what its host can run. */
interface Facts {
  board: string;
  model: string;
  firmware: string;
  capabilities: string[];
}

function routes(sample: Sample): Snapshot<'routes'> {
  const main = sample.routes.filter((r) => (r.table ?? 'main') === 'main' && r.dev);
  return {
    kind: 'routes',
    entries: main.map((r) => ({
      destination: r.dst === 'default' ? '0.0.0.0/0' : r.dst,
      gateway: r.gateway ?? null,
      interface: r.dev!,
      metric: r.metric ?? 0,
      origin:
        r.protocol === 'kernel'
          ? 'connected'
          : r.dst === 'default'
            ? 'default'
            : r.protocol === String(NETLOOM_PROTO) || r.protocol === 'static' || r.protocol === 'boot'
              ? 'static'
              : 'dynamic',
    })),
  };
}

/** The document's interfaces as the kernel has them: address, link state and counters since boot. */
function interfaces(sample: Sample, doc: ConfigDocument | null): Snapshot<'interfaces'> {
  const named = [
    ...(doc?.interfaces?.lan.map((l) => ({ name: l.name, kind: 'lan' as const })) ?? []),
    ...(doc?.interfaces?.vlans.map((v) => ({ name: vlanIfname(v), kind: 'vlan' as const })) ?? []),
    ...(doc?.interfaces?.wan.map((w) => ({ name: w.name, kind: 'wan' as const })) ?? []),
  ];
  return {
    kind: 'interfaces',
    entries: named.flatMap(({ name, kind }) => {
      const link = sample.links.find((l) => l.ifname === name);
      if (!link) return [];
      const addr = sample.addrs.find((a) => a.ifname === name)?.addr_info.find((i) => i.family === 'inet');
      const s = link.stats64;
      return [
        {
          name,
          kind,
          address: addr?.local ?? null,
          prefix: addr?.prefixlen ?? null,
          up: link.operstate === 'UP' || (link.flags ?? []).includes('LOWER_UP'),
          ...(link.address ? { mac: link.address } : {}),
          ...(link.speed ? { speed_mbps: link.speed } : {}),
          ...(s ? { rx_bytes: s.rx.bytes, tx_bytes: s.tx.bytes, rx_errors: s.rx.errors, tx_errors: s.tx.errors } : {}),
        },
      ];
    }),
  };
}

const NEIGHBOUR_STATES: Record<string, 'reachable' | 'stale' | 'failed' | 'permanent'> = {
  REACHABLE: 'reachable',
  STALE: 'stale',
  DELAY: 'stale',
  PROBE: 'stale',
  FAILED: 'failed',
  INCOMPLETE: 'failed',
  PERMANENT: 'permanent',
  NOARP: 'permanent',
};

function arp(sample: Sample): Snapshot<'arp'> {
  const v4 = (n: KernelNeighbour) => n.dst.includes('.') && n.lladdr;
  return {
    kind: 'arp',
    entries: sample.neighbours.filter(v4).map((n) => ({ ip: n.dst, mac: n.lladdr!, interface: n.dev, state: NEIGHBOUR_STATES[n.state?.[0] ?? ''] ?? 'stale' })),
  };
}

function leases(sample: Sample, doc: ConfigDocument | null): Snapshot<'dhcp_leases'> {
  const fixed = new Set(doc?.services?.static_leases.map((l) => l.mac.toLowerCase()) ?? []);
  const poolOf = (ip: string) => {
    const net = ip.split('.').slice(0, 3).join('.');
    return doc?.services?.dhcp.find((p) => p.start.startsWith(`${net}.`))?.interface ?? '';
  };
  return {
    kind: 'dhcp_leases',
    entries: sample.leases.map((l) => ({ interface: poolOf(l.ip), mac: l.mac, ip: l.ip, hostname: l.hostname, static: fixed.has(l.mac.toLowerCase()) })),
  };
}

const TARGETS = { accept: 'ACCEPT', drop: 'DROP', reject: 'REJECT' } as const;

/** The agent's firewall rules with the kernel's counters, named as the console named them. */
function firewall(sample: Sample, doc: ConfigDocument | null): Snapshot<'firewall'> {
  const rules = [...(doc?.firewall?.inbound ?? []), ...(doc?.firewall?.outbound ?? [])];
  const zones = doc?.firewall?.zones ?? [];
  const nameOf = (comment: string) => {
    const id = comment.slice(COMMENT_PREFIX.length);
    const rule = rules.find((r) => r.id === id);
    if (rule) return { name: rule.name, protocol: rule.protocol === 'any' ? 'all' : rule.protocol };
    const [, zoneId, dir] = id.split(':');
    const zone = zones.find((z) => z.id === zoneId);
    return zone ? { name: `${zone.name} ${dir} policy`, protocol: 'all' } : null;
  };
  return {
    kind: 'firewall',
    entries: (sample.nft ?? []).flatMap((r) => {
      const named = r.comment && r.verdict ? nameOf(r.comment) : null;
      return named ? [{ chain: r.chain, rule: named.name, target: TARGETS[r.verdict!], protocol: named.protocol, packets: r.packets, bytes: r.bytes }] : [];
    }),
  };
}

/** The box's clock as chrony tracks it: off when no chronyd runs here. */
function ntpState({ tracking }: Sample['clock']) {
  if (!tracking) return { state: 'off' as const, source: null, offset_ms: null };
  return { state: tracking.synchronised ? ('synchronised' as const) : ('unsynchronised' as const), source: tracking.source, offset_ms: tracking.offset_ms };
}

function system(sample: Sample, facts: Facts): Snapshot<'system'> {
  const zone = sample.clock.zone ? { time_zone: sample.clock.zone } : {};
  return { kind: 'system', entries: [{ ...facts, ...sample.system, ...zone, ntp: ntpState(sample.clock) }] };
}

/** Each WAN probe against the thresholds the configuration sets for alarms. */
function sla(sample: Sample, doc: ConfigDocument | null): Snapshot<'sla'> {
  const limits = doc?.services?.alarms ?? { latency_ms: 150, jitter_ms: 30, loss_pct: 5 };
  return {
    kind: 'sla',
    entries: sample.probes.map(({ ifname, ...p }) => ({
      interface: ifname,
      ...p,
      state:
        p.loss_pct >= 100
          ? 'down'
          : p.loss_pct > limits.loss_pct || (p.latency_ms ?? 0) > limits.latency_ms || (p.jitter_ms ?? 0) > limits.jitter_ms
            ? 'degraded'
            : 'ok',
    })),
  };
}

const BGP_STATES = ['Idle', 'Connect', 'Active', 'OpenSent', 'OpenConfirm', 'Established'] as const;

/** FRR's speaker and neighbours, as FRR states them ('Idle (Admin)': turned off in the configuration). */
function bgp(sample: Sample, doc: ConfigDocument | null): Snapshot<'bgp'> {
  const b = sample.bgp;
  if (!b || !b.as || !doc?.bgp) return { kind: 'bgp', local: null, entries: [] };
  return {
    kind: 'bgp',
    local: { ip: b.routerId ?? doc.bgp.router_id, asn: b.as },
    entries: Object.entries(b.peers).map(([address, p]) => {
      const admin = doc.bgp?.neighbours.find((n) => n.address === address)?.enabled === false;
      const state = admin ? 'Idle (Admin)' : (BGP_STATES.find((s) => s === p.state) ?? 'Idle');
      return {
        neighbour: address,
        asn: p.remoteAs,
        state,
        msg_sent: p.msgSent,
        msg_received: p.msgRcvd,
        prefixes: p.pfxRcd ?? 0,
        ...(state !== 'Established' && p.lastResetDueTo ? { reason: p.lastResetDueTo.slice(0, 256) } : {}),
      };
    }),
  };
}

function bgpRoutes(sample: Sample): Snapshot<'bgp_routes'> {
  return {
    kind: 'bgp_routes',
    entries: Object.entries(sample.bgp?.routes ?? {}).flatMap(([prefix, paths]) =>
      paths
        .filter((p) => p.peerId && p.peerId !== '(unspec)')
        .map((p) => ({ prefix, next_hop: p.nexthops?.[0]?.ip ?? p.peerId!, neighbour: p.peerId!, as_path: p.path ?? '', best: !!p.bestpath })),
    ),
  };
}

/** A connection's SA as strongSwan has it: the one up when both ends started one, else the first. */
const saOf = (sample: Sample | null, connection: string): SaReading | undefined => {
  const sas = sample?.sas?.filter((s) => s.connection === connection) ?? [];
  return sas.find((s) => s.established && s.installed) ?? sas[0];
};

/**
 * Each enabled tunnel of the document and each overlay peer (`auto-<peer>`, `mesh-<peer>`, as the
 * simulator names them) as strongSwan runs it: up with its child SA installed, else down with what
 * is known. An overlay peer not loaded (its address not known yet) is down with why.
 */
export function tunnelStates(sample: Sample | null, doc: ConfigDocument | null) {
  const state = (name: string, remote: string, connection: string, skipped: string | null = null) => {
    const sa = skipped ? undefined : saOf(sample, connection);
    const up = !!sa?.established && sa.installed;
    const reason = up ? null : (skipped ?? (sample?.sas ? (sa ? 'IKE up, no child SA installed' : 'no IKE SA with the peer') : 'strongSwan not read'));
    return { name, remote, state: up ? ('up' as const) : ('down' as const), reason, sa };
  };
  return [
    ...(doc?.ipsec?.tunnels ?? []).filter((t) => t.enabled).map((t) => state(t.name, t.remote, connectionName(t))),
    ...overlayTunnels(doc).map((o) => state(o.name, o.remote, o.connection, o.skipped)),
  ];
}

function ipsecStats(sample: Sample, doc: ConfigDocument | null): Snapshot<'ipsec_stats'> {
  return {
    kind: 'ipsec_stats',
    entries: tunnelStates(sample, doc).map(({ name, state, sa }) => ({
      name,
      established_s: state === 'up' ? (sa?.establishedS ?? 0) : null,
      bytes_in: sa?.bytesIn ?? 0,
      bytes_out: sa?.bytesOut ?? 0,
      packets_in: sa?.packetsIn ?? 0,
      packets_out: sa?.packetsOut ?? 0,
      rekeys: 0,
    })),
  };
}

/** A status snapshot of the box as the agent read it last; a kind it has nothing of is reported empty. */
export function snapshotOf(kind: StatusKind, sample: Sample | null, doc: ConfigDocument | null, facts: Facts): StatusSnapshot {
  if (!sample) return emptySnapshot(kind);
  switch (kind) {
    case 'routes':
      return routes(sample);
    case 'interfaces':
      return interfaces(sample, doc);
    case 'arp':
      return arp(sample);
    case 'dhcp_leases':
      return leases(sample, doc);
    case 'firewall':
      return firewall(sample, doc);
    case 'system':
      return system(sample, facts);
    case 'sla':
      return sla(sample, doc);
    case 'bgp':
      return bgp(sample, doc);
    case 'ipsec':
      return { kind: 'ipsec', entries: tunnelStates(sample, doc).map(({ name, remote, state, reason }) => ({ name, remote, state, reason })) };
    case 'ipsec_stats':
      return ipsecStats(sample, doc);
    case 'bgp_routes':
      return bgpRoutes(sample);
    default:
      return emptySnapshot(kind);
  }
}
