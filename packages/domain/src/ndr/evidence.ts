import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';
import { IDS_CATEGORY_KEYS } from '../config/families/ids-ips-catalogue';
import type { FlowRecord } from '../analytics/flows';
import type { WafAttack } from '../waf/events';

/**
 * What NDR's rules read: flows, DNS queries, IDS alerts and WAF attacks, each as the analytics
 * store holds it for one tenant (so no tenant field), with the device that saw it. Times are ISO
 * 8601; the rules order each batch by them.
 */
const ipv4 = z.string().refine(isIPv4, 'Should be in the format x.x.x.x');
const port = z.number().int().min(0).max(65535);
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const time = z.iso.datetime();
const deviceId = z.string().uuid();

export const ndrFlowSchema = z.object({
  kind: z.literal('flow'),
  device_id: deviceId,
  /** When the conversation (or this export of it) began. */
  time,
  src_ip: ipv4,
  src_port: port,
  dst_ip: ipv4,
  dst_port: port,
  /** The IANA protocol number (6 TCP, 17 UDP), as the flow records carry it. */
  protocol: z.number().int().min(0).max(255),
  /** From source to destination. */
  bytes_out: count,
  /** Back from destination to source. */
  bytes_in: count,
  packets_out: count,
  packets_in: count,
  application: storableText().max(253).optional(),
  /** Who sent it (the ZTNA user, or the one user mapping names), as the flow record says. */
  user: storableText().max(254).optional(),
  /** ISO 3166-1 alpha-2 of the destination, when GeoIP knew it. */
  dst_country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});
export type NdrFlow = z.infer<typeof ndrFlowSchema>;

/** The response codes a resolver answers (RFC 1035, 2136); NXDOMAIN is 'no such name'. */
export const DNS_RCODES = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED'] as const;

export const ndrDnsQuerySchema = z.object({
  kind: z.literal('dns'),
  device_id: deviceId,
  time,
  client_ip: ipv4,
  /** The name asked, as asked (case and a trailing dot are the rules' to ignore). */
  name: storableText().min(1).max(255),
  /** The record type's mnemonic: A, AAAA, TXT, NULL, MX…, or TYPE65 for one without a name. */
  qtype: z.string().regex(/^[A-Z][A-Z0-9]{0,9}$/),
  /** Addresses or names answered, when the resolver logged them. */
  answers: z.array(storableText().max(255)).max(32).optional(),
  rcode: z.enum(DNS_RCODES),
});
export type NdrDnsQuery = z.infer<typeof ndrDnsQuerySchema>;

export const ndrIdsAlertSchema = z.object({
  kind: z.literal('ids'),
  device_id: deviceId,
  time,
  sid: z.number().int().min(1).max(4294967295),
  category: z.enum(IDS_CATEGORY_KEYS),
  /** Suricata's: 1 is the most severe. */
  severity: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  src: ipv4,
  dst: ipv4,
  src_port: port.optional(),
  dst_port: port.optional(),
  message: storableText().max(256),
  /** Whether the engine only reported it or also dropped the packet (prevent mode). */
  action: z.enum(['alerted', 'dropped']).default('alerted'),
});
export type NdrIdsAlert = z.infer<typeof ndrIdsAlertSchema>;

export const ndrWafAttackSchema = z.object({
  kind: z.literal('waf'),
  application_id: z.string().uuid(),
  time,
  client_ip: ipv4,
  /** The first rule that matched (the Core Rule Set's, the edge's own or the customer's). */
  rule_id: z.number().int().min(0).max(99_999_999),
  /** ModSecurity's (syslog's): 0 emergency … 2 critical … 5 notice; lower is worse. */
  severity: z.number().int().min(0).max(7),
});
export type NdrWafAttack = z.infer<typeof ndrWafAttackSchema>;

export const ndrEvidenceSchema = z.discriminatedUnion('kind', [ndrFlowSchema, ndrDnsQuerySchema, ndrIdsAlertSchema, ndrWafAttackSchema]);
export type NdrEvidence = z.infer<typeof ndrEvidenceSchema>;
export type NdrEvidenceKind = NdrEvidence['kind'];

/** A stored flow record as NDR reads it: the client's side is the source, as the record says. */
export function ndrFlowFromRecord(deviceId: string, record: FlowRecord, dstCountry?: string | null): NdrFlow {
  return {
    kind: 'flow',
    device_id: deviceId,
    time: record.start,
    src_ip: record.src_ip,
    src_port: record.src_port,
    dst_ip: record.dst_ip,
    dst_port: record.dst_port,
    protocol: record.protocol,
    bytes_out: record.src_bytes,
    bytes_in: record.dst_bytes,
    packets_out: record.src_packets,
    packets_in: record.dst_packets,
    ...(record.application !== undefined && { application: record.application }),
    ...(record.user !== undefined && { user: record.user }),
    ...(dstCountry && { dst_country: dstCountry }),
  };
}

/** A WAF attack event as NDR reads it: the first rule that matched and the worst severity any said (none: notice). */
export function ndrWafFromAttack(attack: WafAttack): NdrWafAttack | null {
  if (attack.application_id === null) return null;
  const severities = attack.rules.map((r) => r.severity).filter((s): s is number => s !== null);
  return {
    kind: 'waf',
    application_id: attack.application_id,
    time: attack.at,
    client_ip: attack.client_ip,
    rule_id: attack.rules[0]?.id ?? 0,
    severity: severities.length ? Math.min(...severities) : 5,
  };
}
