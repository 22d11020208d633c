import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { BOND_MODES } from '../config/families/link-bonding';
import { NETFLOW_VERSIONS } from '../config/families/netflow';
import { WIFI_BANDS } from '../config/families/wireless-bands';
import { USER_MAPPING_SOURCES } from '../config/families/user-mapping';
import { IDS_MODES } from '../config/families/ids-ips';
import { IDS_CATEGORY_KEYS } from '../config/families/ids-ips-catalogue';

/**
 * Status snapshots: what a device reports of its state when asked (a `status` job naming the
 * kind), answered with a `status` message and then the job's result. The console shows the newest
 * snapshot of each kind with its age.
 */
export const STATUS_KINDS = [
  'routes',
  'interfaces',
  'dhcp_leases',
  'ipsec',
  'ipsec_stats',
  'arp',
  'system',
  'bgp',
  'bgp_routes',
  'sdwan',
  'link_bonding',
  'mwan',
  'sla',
  'firewall',
  'ipset',
  'url_filter',
  'url_tracking',
  'usage',
  'logs',
  'qos',
  'vrrp',
  'netflow',
  'wireless',
  'acceleration',
  'user_mapping',
  'ids',
] as const;
/** Kinds a device also sends unasked now and then, so tenant-wide pages have something recent to show. */
export const PUSHED_STATUS_KINDS = ['system', 'bgp', 'ipsec'] as const satisfies readonly StatusKind[];
export type StatusKind = (typeof STATUS_KINDS)[number];

const text = (max = 128) => storableText().max(max);
const entries = <T extends z.ZodType>(item: T) => z.array(item).max(4096);

export const routeEntrySchema = z.object({
  destination: text(64),
  gateway: text(64).nullable(),
  interface: text(32),
  metric: z.number().int().min(0),
  origin: z.enum(['connected', 'static', 'default', 'dynamic']),
});
export const interfaceEntrySchema = z.object({
  name: text(32),
  kind: z.enum(['lan', 'vlan', 'wan']),
  address: text(64).nullable(),
  prefix: z.number().int().min(0).max(32).nullable(),
  /** Link state and counters since boot; older agents send only the addresses. */
  up: z.boolean().optional(),
  rx_bytes: z.number().int().min(0).optional(),
  tx_bytes: z.number().int().min(0).optional(),
  rx_errors: z.number().int().min(0).optional(),
  tx_errors: z.number().int().min(0).optional(),
  /** A real gateway's (the agent's): the interface's hardware address and link speed; absent where unknown. */
  mac: text(32).optional(),
  speed_mbps: z.number().int().min(0).max(1_000_000).optional(),
});
export const leaseEntrySchema = z.object({ interface: text(32), mac: text(32), ip: text(64), hostname: text(), static: z.boolean() });
export const tunnelEntrySchema = z.object({ name: text(), remote: text(), state: z.enum(['up', 'down']), reason: text(256).nullable() });
export const arpEntrySchema = z.object({ ip: text(64), mac: text(32), interface: text(32), state: z.enum(['reachable', 'stale', 'failed', 'permanent']) });
/** One entry: the box itself. */
export const systemEntrySchema = z.object({
  board: text(64),
  model: text(64),
  firmware: text(64),
  uptime_s: z.number().int().min(0),
  cpu_pct: z.number().min(0).max(100),
  memory_pct: z.number().min(0).max(100),
  disk_pct: z.number().min(0).max(100),
  /** What a real gateway's host can run (the agent's detection: nftables, dnsmasq, FRR…); simulated boxes send none. */
  capabilities: z.array(text(32)).max(32).optional(),
  /** The zone the box's clock shows local time in (IANA name). */
  time_zone: text(64).optional(),
  /** The box's NTP client: off, or following a server (synchronised) or not yet. */
  ntp: z
    .object({
      state: z.enum(['off', 'synchronised', 'unsynchronised']),
      source: text(64).nullable(),
      /** How far the box's clock is from NTP time. */
      offset_ms: z.number().nullable(),
    })
    .optional(),
});
/** 'Idle (Admin)': the neighbour is configured but turned off, as FRR says it. */
export const BGP_STATES = ['Idle', 'Connect', 'Active', 'OpenSent', 'OpenConfirm', 'Established', 'Idle (Admin)'] as const;
export const bgpNeighbourSchema = z.object({
  neighbour: text(64),
  asn: z.number().int().min(1).max(4_294_967_295),
  state: z.enum(BGP_STATES),
  msg_sent: z.number().int().min(0),
  msg_received: z.number().int().min(0),
  prefixes: z.number().int().min(0),
  /** Why a session is not up, as bgpd logs it ('TCP MD5 authentication failed'); absent when it is, or from older agents. */
  reason: text(256).optional(),
});
/** A route learnt over BGP: from which neighbour, through which AS path, and whether it is the one used. */
export const bgpRouteSchema = z.object({
  prefix: text(64),
  next_hop: text(64),
  neighbour: text(64),
  as_path: text(256),
  best: z.boolean(),
});
/** One leg of link bonding (the bonded internet tunnel, the MPLS circuit) and the links in it now. */
export const bondingLegSchema = z.object({
  /** tunnel and mpls: the legs a box reports without configured bonds; vpn and internet: a configured bond. */
  leg: z.enum(['tunnel', 'mpls', 'vpn', 'internet']),
  status: z.enum(['up', 'down', 'unknown']),
  interfaces: z.array(text(32)).max(8),
  /** A configured bond's name and mode, and each member's share of its traffic now (bondShares). */
  bond: text(64).optional(),
  mode: z.enum(BOND_MODES).optional(),
  members: z
    .array(z.object({ interface: text(32), up: z.boolean(), share_pct: z.number().int().min(0).max(100) }))
    .max(8)
    .optional(),
});
/** The speaker's own address and AS; null when BGP does not run. */
export const bgpLocalSchema = z.object({ ip: text(64), asn: z.number().int().min(1).max(4_294_967_295) }).nullable();

/** Traffic through a tunnel since it came up; null established: it is down. */
export const tunnelStatsEntrySchema = z.object({
  name: text(),
  established_s: z.number().int().min(0).nullable(),
  bytes_in: z.number().int().min(0),
  bytes_out: z.number().int().min(0),
  packets_in: z.number().int().min(0),
  packets_out: z.number().int().min(0),
  rekeys: z.number().int().min(0),
});
/** Which WAN an SD-WAN rule's traffic takes now, and why (its preferred link, or a failover). */
export const SDWAN_PATH_REASONS = ['preferred', 'sla_failover', 'link_down', 'no_link'] as const;
export const sdwanPathEntrySchema = z.object({
  rule: text(),
  match: text(256),
  preferred_wan: text(32),
  active_wan: text(32).nullable(),
  reason: z.enum(SDWAN_PATH_REASONS),
});
/** Multi-WAN: each link's tracking state and share of the traffic. */
export const mwanEntrySchema = z.object({
  interface: text(32),
  state: z.enum(['online', 'offline']),
  tracking_ip: text(64),
  weight: z.number().int().min(0),
  online_s: z.number().int().min(0),
});
/** The SLA probe of each WAN: its last figures and whether they meet the strictest rule using the link. */
export const slaEntrySchema = z.object({
  interface: text(32),
  target: text(64),
  latency_ms: z.number().min(0).nullable(),
  jitter_ms: z.number().min(0).nullable(),
  loss_pct: z.number().min(0).max(100),
  state: z.enum(['ok', 'degraded', 'down']),
});
/** A firewall rule's counters in its chain. */
export const firewallCounterEntrySchema = z.object({
  chain: text(64),
  rule: text(),
  target: z.enum(['ACCEPT', 'DROP', 'REJECT']),
  protocol: text(16),
  packets: z.number().int().min(0),
  bytes: z.number().int().min(0),
});
export const ipsetEntrySchema = z.object({
  name: text(),
  type: z.enum(['hash:ip', 'hash:net']),
  members: z.array(text(64)).max(1024),
  references: z.number().int().min(0),
});
/** A web category or list the gateway's URL filter acts on, and how often it matched. */
export const urlFilterEntrySchema = z.object({
  category: text(),
  action: z.enum(['block', 'allow', 'monitor']),
  hits: z.number().int().min(0),
  /** 'gateway': an action this gateway's Content Filtering sets, its hits the LAN visits to the category; else the web filter's decisions. */
  source: z.enum(['web_filter', 'gateway']).optional(),
});
/** This gateway's own filter (URL Filtering) as it runs: the LANs it filters and how; absent while it is off. */
export const gatewayUrlFilterSchema = z.object({
  interfaces: z.array(text(32)).max(64),
  safesearch: z.boolean(),
  log_allowed: z.boolean(),
});
export const urlTrackingEntrySchema = z.object({
  host: text(253),
  client: text(64),
  hits: z.number().int().min(0),
  bytes: z.number().int().min(0),
  last_seen: z.string().datetime(),
  blocked: z.boolean(),
});
/** Traffic of each LAN client since the gateway started counting. */
export const usageEntrySchema = z.object({
  client: text(64),
  hostname: text(),
  rx_bytes: z.number().int().min(0),
  tx_bytes: z.number().int().min(0),
});
/** A QoS class's counters since the QoS section was applied: what went through it and what the shaper dropped. */
export const qosClassEntrySchema = z.object({
  class: text(64),
  priority: z.number().int().min(1).max(7),
  guaranteed_pct: z.number().int().min(0).max(100),
  maximum_pct: z.number().int().min(0).max(100),
  packets: z.number().int().min(0),
  bytes: z.number().int().min(0),
  drops: z.number().int().min(0),
});
/** A VRRP group as this gateway sees it: its role, its priority now, and who the master is. */
export const VRRP_STATES = ['master', 'backup', 'disabled'] as const;
export const vrrpGroupEntrySchema = z.object({
  interface: text(32),
  vrid: z.number().int().min(1).max(255),
  virtual_ip: text(64),
  state: z.enum(VRRP_STATES),
  /** Configured priority less the decrements of tracked interfaces that are down. */
  priority: z.number().int().min(0).max(255),
  /** The master's own address on the interface; null while the group is disabled here. */
  master: text(64).nullable(),
});
/** Flow records a collector was sent since the running NetFlow section was applied: 'Netloom' or 'address:port'. */
export const netflowCollectorEntrySchema = z.object({
  collector: text(64),
  records: z.number().int().min(0),
  last_export_at: z.string().datetime().nullable(),
});
/** An SSID on one radio: the channel the radio works on now (auto resolved) and the clients associated. */
export const wirelessEntrySchema = z.object({
  ssid: text(64),
  band: z.enum(WIFI_BANDS),
  channel: z.number().int().min(1).max(233),
  clients: z.number().int().min(0),
});
/** An acceleration rule's traffic since the running section was applied: flows taken, bytes sent, and packets FEC repaired. */
export const accelerationEntrySchema = z.object({
  rule: text(64),
  flows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  fec_recovered: z.number().int().min(0),
});
/** A category's matches since the running IDS/IPS section was applied: reported only, and dropped (prevent mode). */
export const idsCategoryCountSchema = z.object({
  category: z.enum(IDS_CATEGORY_KEYS),
  alerted: z.number().int().min(0),
  dropped: z.number().int().min(0),
});
/** One alert of the engine, as its fast.log line says it. */
export const idsAlertEntrySchema = z.object({
  at: z.string().datetime(),
  sid: z.number().int().min(1).max(4294967295),
  message: text(256),
  category: z.enum(IDS_CATEGORY_KEYS),
  /** 1 is the most severe. */
  severity: z.number().int().min(1).max(3),
  protocol: text(8),
  src: text(64),
  src_port: z.number().int().min(0).max(65535),
  dst: text(64),
  dst_port: z.number().int().min(0).max(65535),
  action: z.enum(['alerted', 'dropped']),
});
/** The latest alerts an IDS snapshot carries: the newest first, the rest are in the device log. */
export const IDS_LATEST_ALERTS = 50;
export const DEVICE_LOG_LEVELS = ['error', 'warning', 'notice', 'info'] as const;
export const deviceLogEntrySchema = z.object({ at: z.string().datetime(), level: z.enum(DEVICE_LOG_LEVELS), facility: text(32), message: text(1024) });

/** Who the gateway says is behind a LAN address now, and which source told it (its User Mapping section's). */
export const userMappingEntrySchema = z.object({
  address: text(45),
  user: text(128),
  source: z.enum(USER_MAPPING_SOURCES),
  hostname: text(64).nullable(),
});

export const statusSnapshotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('routes'), entries: entries(routeEntrySchema) }),
  z.object({ kind: z.literal('interfaces'), entries: entries(interfaceEntrySchema) }),
  z.object({ kind: z.literal('dhcp_leases'), entries: entries(leaseEntrySchema) }),
  z.object({ kind: z.literal('ipsec'), entries: entries(tunnelEntrySchema) }),
  z.object({ kind: z.literal('arp'), entries: entries(arpEntrySchema) }),
  z.object({ kind: z.literal('system'), entries: z.array(systemEntrySchema).max(1) }),
  z.object({ kind: z.literal('bgp'), local: bgpLocalSchema, entries: entries(bgpNeighbourSchema) }),
  z.object({ kind: z.literal('bgp_routes'), entries: entries(bgpRouteSchema) }),
  z.object({ kind: z.literal('link_bonding'), entries: entries(bondingLegSchema) }),
  z.object({ kind: z.literal('ipsec_stats'), entries: entries(tunnelStatsEntrySchema) }),
  z.object({ kind: z.literal('sdwan'), entries: entries(sdwanPathEntrySchema) }),
  z.object({ kind: z.literal('mwan'), entries: entries(mwanEntrySchema) }),
  z.object({ kind: z.literal('sla'), entries: entries(slaEntrySchema) }),
  z.object({ kind: z.literal('firewall'), entries: entries(firewallCounterEntrySchema) }),
  z.object({ kind: z.literal('ipset'), entries: entries(ipsetEntrySchema) }),
  z.object({
    kind: z.literal('url_filter'),
    enabled: z.boolean(),
    /** What the running filter does when no policy decides, and how many policies it holds (older agents send neither). */
    default_action: z.enum(['allow', 'block']).optional(),
    policies: z.number().int().min(0).optional(),
    gateway: gatewayUrlFilterSchema.optional(),
    /** Its recent decisions, counted by category and action. */
    entries: entries(urlFilterEntrySchema),
  }),
  z.object({ kind: z.literal('url_tracking'), entries: entries(urlTrackingEntrySchema) }),
  z.object({ kind: z.literal('usage'), entries: entries(usageEntrySchema) }),
  z.object({ kind: z.literal('logs'), entries: entries(deviceLogEntrySchema) }),
  z.object({ kind: z.literal('qos'), entries: entries(qosClassEntrySchema) }),
  z.object({ kind: z.literal('vrrp'), entries: entries(vrrpGroupEntrySchema) }),
  z.object({ kind: z.literal('wireless'), entries: entries(wirelessEntrySchema) }),
  z.object({ kind: z.literal('acceleration'), entries: entries(accelerationEntrySchema) }),
  z.object({ kind: z.literal('user_mapping'), entries: entries(userMappingEntrySchema) }),
  z.object({
    kind: z.literal('ids'),
    /** How the engine runs now; off without an IDS/IPS section. */
    mode: z.enum(IDS_MODES),
    categories: z.array(idsCategoryCountSchema).max(64),
    entries: z.array(idsAlertEntrySchema).max(IDS_LATEST_ALERTS),
  }),
  z.object({
    kind: z.literal('netflow'),
    enabled: z.boolean(),
    /** How the box exports as it runs now; without a NetFlow section, every interface, unsampled, to Netloom. */
    version: z.enum(NETFLOW_VERSIONS),
    sampling: z.number().int().min(1).max(65535),
    interfaces: z.array(text(32)).max(64),
    entries: entries(netflowCollectorEntrySchema),
  }),
]);
export type StatusSnapshot = z.infer<typeof statusSnapshotSchema>;

/** A snapshot of nothing: what a device without that kind of state reports. */
export function emptySnapshot(kind: StatusKind): StatusSnapshot {
  if (kind === 'bgp') return { kind, local: null, entries: [] };
  if (kind === 'url_filter') return { kind, enabled: false, entries: [] };
  if (kind === 'ids') return { kind, mode: 'off', categories: [], entries: [] };
  if (kind === 'netflow') return { kind, enabled: false, version: 'ipfix', sampling: 1, interfaces: [], entries: [] };
  return { kind, entries: [] } as StatusSnapshot;
}
