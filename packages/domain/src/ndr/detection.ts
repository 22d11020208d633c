import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';
import { MITRE_TACTIC_IDS, MITRE_TECHNIQUE_IDS } from './mitre';
import type { NdrEvidence } from './evidence';

/**
 * What every NDR rule emits, and what other producers of detections (the IoT gateway's
 * profile-deviation rule) emit too: the server stores, triages, scores and shows them alike.
 * A rule emits a detection again while what it saw goes on; the dedupe key says it is the same
 * one, so the server updates it (last seen, evidence) rather than adding another.
 */
export const NDR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type NdrSeverity = (typeof NDR_SEVERITIES)[number];
export const ndrSeverityRank = (s: NdrSeverity): number => NDR_SEVERITIES.indexOf(s);
export const maxNdrSeverity = (a: NdrSeverity, b: NdrSeverity): NdrSeverity => (ndrSeverityRank(a) >= ndrSeverityRank(b) ? a : b);

/** A rule's id: its area and name, 'ndr.port_scan', 'iot.profile_deviation'. */
export const ndrRuleIdSchema = z.string().regex(/^[a-z]+\.[a-z][a-z0-9_]{0,47}$/);

/** The records a detection keeps of what triggered it, at most this many (the rest are in the store, by host and time). */
export const NDR_EVIDENCE_MAX = 20;
/** Peers a detection names, at most (a scan of a thousand hosts names the first ones). */
export const NDR_PEERS_MAX = 16;

const ipv4 = z.string().refine(isIPv4);

/** One record that triggered a detection, compact: enough for the console to show it and find it again in the store. */
export const ndrEvidenceRefSchema = z.object({
  kind: z.enum(['flow', 'dns', 'ids', 'waf']),
  time: z.iso.datetime(),
  /** The device that saw it; a WAF attack's application instead. */
  source_id: z.string().uuid(),
  src: ipv4,
  dst: storableText().max(255).optional(),
  dst_port: z.number().int().min(0).max(65535).optional(),
  protocol: z.number().int().min(0).max(255).optional(),
  bytes_out: z.number().int().nonnegative().optional(),
  bytes_in: z.number().int().nonnegative().optional(),
  qtype: z.string().max(10).optional(),
  rcode: z.string().max(10).optional(),
  /** An IDS signature's or a WAF rule's id. */
  signature: z.number().int().nonnegative().optional(),
});
export type NdrEvidenceRef = z.infer<typeof ndrEvidenceRefSchema>;

export const ndrDetectionSchema = z.object({
  rule_id: ndrRuleIdSchema,
  dedupe_key: storableText().min(1).max(512),
  severity: z.enum(NDR_SEVERITIES),
  /** How sure the rule is, 0–1: the risk score weighs a detection by it. */
  confidence: z.number().min(0).max(1),
  /** The internal host it is about, and the device that saw it. */
  host: z.object({ ip: ipv4, device_id: z.string().uuid() }),
  /** The other end a false positive is tuned by (an address, a network or a domain); null when the rule has none. */
  peer: storableText().max(255).nullable(),
  peers: z.array(storableText().max(255)).max(NDR_PEERS_MAX),
  /** The user behind the host when the records named one. */
  user: storableText().max(254).nullable(),
  title: storableText().max(200),
  summary: storableText().max(1000),
  tactics: z.array(z.enum(MITRE_TACTIC_IDS)).max(14),
  techniques: z.array(z.enum(MITRE_TECHNIQUE_IDS)).max(16),
  first_seen: z.iso.datetime(),
  last_seen: z.iso.datetime(),
  /** The rule's own figures (distinct ports, jitter, z-score…), for the console's detail. */
  facts: z.record(z.string(), z.union([z.number(), z.string()])),
  evidence: z.array(ndrEvidenceRefSchema).max(NDR_EVIDENCE_MAX),
});
export type NdrDetection = z.infer<typeof ndrDetectionSchema>;

/** The compact record of one piece of evidence. */
export function ndrEvidenceRef(e: NdrEvidence): NdrEvidenceRef {
  switch (e.kind) {
    case 'flow':
      return {
        kind: 'flow',
        time: e.time,
        source_id: e.device_id,
        src: e.src_ip,
        dst: e.dst_ip,
        dst_port: e.dst_port,
        protocol: e.protocol,
        bytes_out: e.bytes_out,
        bytes_in: e.bytes_in,
      };
    case 'dns':
      return { kind: 'dns', time: e.time, source_id: e.device_id, src: e.client_ip, dst: e.name, qtype: e.qtype, rcode: e.rcode };
    case 'ids':
      return {
        kind: 'ids',
        time: e.time,
        source_id: e.device_id,
        src: e.src,
        dst: e.dst,
        ...(e.dst_port !== undefined && { dst_port: e.dst_port }),
        signature: e.sid,
      };
    case 'waf':
      return { kind: 'waf', time: e.time, source_id: e.application_id, src: e.client_ip, signature: e.rule_id };
  }
}

const refKey = (r: NdrEvidenceRef) => `${r.kind}|${r.time}|${r.source_id}|${r.src}|${r.dst ?? ''}|${r.dst_port ?? ''}|${r.signature ?? ''}`;

function firstDistinct<T>(items: readonly T[], key: (t: T) => string, max: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= max) break;
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

const union = <T extends string>(a: readonly T[], b: readonly T[]): T[] => [...new Set([...a, ...b])];

/**
 * One detection from two emissions of it, the later second: the later one's words and figures,
 * the span of both, the worse severity and surer confidence, the first records and peers. The
 * fold is associative, so merging a step's emissions, or the server merging steps, agree.
 */
export function mergeNdrDetection(earlier: NdrDetection, later: NdrDetection): NdrDetection {
  return {
    ...later,
    severity: maxNdrSeverity(earlier.severity, later.severity),
    confidence: Math.max(earlier.confidence, later.confidence),
    user: later.user ?? earlier.user,
    peers: firstDistinct([...earlier.peers, ...later.peers], (p) => p, NDR_PEERS_MAX),
    tactics: union(earlier.tactics, later.tactics),
    techniques: union(earlier.techniques, later.techniques),
    first_seen: Date.parse(earlier.first_seen) <= Date.parse(later.first_seen) ? earlier.first_seen : later.first_seen,
    last_seen: Date.parse(earlier.last_seen) > Date.parse(later.last_seen) ? earlier.last_seen : later.last_seen,
    evidence: firstDistinct([...earlier.evidence, ...later.evidence], refKey, NDR_EVIDENCE_MAX),
  };
}

/** Emissions with one dedupe key become one, in the order each key first appeared. */
export function mergeNdrDetections(list: readonly NdrDetection[]): NdrDetection[] {
  const byKey = new Map<string, NdrDetection>();
  for (const d of list) {
    const before = byKey.get(d.dedupe_key);
    byKey.set(d.dedupe_key, before ? mergeNdrDetection(before, d) : d);
  }
  return [...byKey.values()];
}
