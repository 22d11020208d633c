import { z } from 'zod';
import { storableText } from '../validators/storable-text';

/**
 * Status snapshots: what a device reports of its state when asked (a `status` job naming the
 * kind), answered with a `status` message and then the job's result. The console shows the newest
 * snapshot of each kind with its age.
 */
export const STATUS_KINDS = ['routes', 'interfaces', 'dhcp_leases', 'ipsec', 'arp', 'system', 'bgp'] as const;
/** Kinds a device also sends unasked now and then, so tenant-wide pages have something recent to show. */
export const PUSHED_STATUS_KINDS = ['system', 'bgp'] as const satisfies readonly StatusKind[];
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
});
export const BGP_STATES = ['Idle', 'Connect', 'Active', 'OpenSent', 'OpenConfirm', 'Established'] as const;
export const bgpNeighbourSchema = z.object({
  neighbour: text(64),
  asn: z.number().int().min(1).max(4_294_967_295),
  state: z.enum(BGP_STATES),
  msg_sent: z.number().int().min(0),
  msg_received: z.number().int().min(0),
  prefixes: z.number().int().min(0),
});
/** The speaker's own address and AS; null when BGP does not run. */
export const bgpLocalSchema = z.object({ ip: text(64), asn: z.number().int().min(1).max(4_294_967_295) }).nullable();

export const statusSnapshotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('routes'), entries: entries(routeEntrySchema) }),
  z.object({ kind: z.literal('interfaces'), entries: entries(interfaceEntrySchema) }),
  z.object({ kind: z.literal('dhcp_leases'), entries: entries(leaseEntrySchema) }),
  z.object({ kind: z.literal('ipsec'), entries: entries(tunnelEntrySchema) }),
  z.object({ kind: z.literal('arp'), entries: entries(arpEntrySchema) }),
  z.object({ kind: z.literal('system'), entries: z.array(systemEntrySchema).max(1) }),
  z.object({ kind: z.literal('bgp'), local: bgpLocalSchema, entries: entries(bgpNeighbourSchema) }),
]);
export type StatusSnapshot = z.infer<typeof statusSnapshotSchema>;

/** A snapshot of nothing: what a device without that kind of state reports. */
export function emptySnapshot(kind: StatusKind): StatusSnapshot {
  return kind === 'bgp' ? { kind, local: null, entries: [] } : ({ kind, entries: [] } as StatusSnapshot);
}
