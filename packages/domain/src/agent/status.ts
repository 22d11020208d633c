import { z } from 'zod';
import { storableText } from '../validators/storable-text';

/**
 * Status snapshots: what a device reports of its state when asked (a `status` job naming the
 * kind), answered with a `status` message and then the job's result. The console shows the newest
 * snapshot of each kind with its age.
 */
export const STATUS_KINDS = ['routes', 'interfaces', 'dhcp_leases', 'ipsec'] as const;
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

export const statusSnapshotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('routes'), entries: entries(routeEntrySchema) }),
  z.object({ kind: z.literal('interfaces'), entries: entries(interfaceEntrySchema) }),
  z.object({ kind: z.literal('dhcp_leases'), entries: entries(leaseEntrySchema) }),
  z.object({ kind: z.literal('ipsec'), entries: entries(tunnelEntrySchema) }),
]);
export type StatusSnapshot = z.infer<typeof statusSnapshotSchema>;
