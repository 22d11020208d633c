import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';

const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const mac = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/, 'Enter a MAC address such as 00:11:22:33:44:55');
export const macField = () => mac;

/** What the tenant decided about a host seen on its networks; 'pending' until someone does. */
export const NAC_DECISIONS = ['pending', 'allow', 'block', 'quarantine'] as const;
export type NacDecision = (typeof NAC_DECISIONS)[number];
/** What a gateway enforces for a host. */
export const NAC_STATES = ['allowed', 'blocked', 'quarantined'] as const;
export type NacState = (typeof NAC_STATES)[number];
export const enforcedStateOf = (d: NacDecision): NacState => (d === 'block' ? 'blocked' : d === 'quarantine' ? 'quarantined' : 'allowed');

/** A host a gateway saw on one of its LANs (from its ARP table and DHCP leases), with what it enforces for it. */
export const nacHostReportSchema = z.object({
  mac,
  ip: z.string().refine(isIPv4, 'Should be in the format x.x.x.x'),
  hostname: storableText().max(253).nullable(),
  vendor: storableText().max(120).nullable(),
  /** The gateway's guess from DHCP fingerprints. */
  os: storableText().max(64).nullable(),
  interface: storableText().max(32).nullable(),
  state: z.enum(NAC_STATES),
});
export type NacHostReport = z.infer<typeof nacHostReportSchema>;

export const NAC_HOSTS_MAX = 1_000;
/** A gateway's hosts, sent every few minutes; acknowledged like its other messages. */
export const nacHostsMessageSchema = z.object({
  type: z.literal('nac_hosts'),
  seq,
  at: z.string().datetime(),
  hosts: z.array(nacHostReportSchema).max(NAC_HOSTS_MAX),
});
export type NacHostsMessage = z.infer<typeof nacHostsMessageSchema>;

/** The `nac` section of a gateway's configuration: every host the tenant blocked or quarantined (allowed and pending hosts pass). */
export const nacSectionSchema = z.strictObject({
  hosts: z.array(z.object({ mac, decision: z.enum(['block', 'quarantine']) })).max(50_000),
});
export type NacSection = z.infer<typeof nacSectionSchema>;

export const nacDecisionBodySchema = z.object({
  macs: z.array(mac).min(1).max(1_000),
  decision: z.enum(['allow', 'block', 'quarantine']),
});
