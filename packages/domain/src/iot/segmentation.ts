import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { firewallRuleSchema, ipSetSchema, type FirewallRule, type FirewallSection, type IpSet } from '../config/families/firewall';
import type { CommunicationProfile, ProfileEntry } from './profile';

/**
 * Segmentation from a communication profile, as firewall rules of the gateway's configuration
 * (the firewall family, unchanged): the class's devices in an IP set, a rule accepting each peer
 * and service their profile has, then one dropping the rest to and from them. Everything it adds
 * carries the segment's name, so removing it takes out exactly what it put in; its ids come
 * from that name too, so applying the same segment again gives the same document (and hash).
 *
 * The rules sit first in the outbound list, which the gateway judges in its forward chain: they
 * fence traffic the gateway routes, not traffic between two hosts of one LAN segment (a switch
 * carries that), which is what a VLAN of its own (vlan.ts) is for.
 */
export const SEGMENT_KEY = /^[a-z0-9][a-z0-9_-]{0,31}$/;
/** More than this many allows is a profile too broad to fence by rules. */
export const SEGMENT_RULES_MAX = 256;

export const segmentIpSetName = (key: string) => `iot-segment-${key}`;
const rulePrefix = (key: string) => `IoT segment ${key}: `;

/**
 * A stable UUID for a name: SHA-256 of it, as RFC 9562's version 8 (custom) with the RFC's
 * variant bits, so that a segment applied twice writes the same ids.
 */
export function stableUuid(name: string): string {
  const hex = bytesToHex(sha256(utf8ToBytes(`netloom:iot-segment:${name}`)))
    .slice(0, 32)
    .split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface SegmentPlan {
  /** The segment's name: the class, or one the admin gives ('cameras-hq'). */
  key: string;
  /** The devices' LAN addresses. */
  members: readonly string[];
  profile: CommunicationProfile;
  /** The firewall zone of the WAN interfaces: external peers are allowed through it only. Without it, to any address. */
  externalZone?: string;
  /** What happens to the rest: dropped silently, or refused (the device learns at once, and so does whoever watches it). */
  deny?: 'drop' | 'reject';
}

export interface Segment {
  key: string;
  ipset: IpSet;
  rules: FirewallRule[];
  /** What the firewall cannot say as narrowly as the profile does, in words for the console. */
  broadened: string[];
}

export type SegmentResult = { ok: true; segment: Segment } | { ok: false; reason: string };

type RuleProtocol = FirewallRule['protocol'];
const PROTOCOLS: Record<number, RuleProtocol> = { 6: 'tcp', 17: 'udp', 1: 'icmp' };

interface Allow {
  protocol: RuleProtocol;
  src?: string;
  dest?: string;
  dest_zone?: string;
  dest_port?: string;
  what: string;
}

/** The allow an entry needs; external peers become any address (through the WAN zone when given). */
function allowOf(entry: ProfileEntry, set: string, plan: SegmentPlan, broadened: Set<string>): Allow {
  const protocol = PROTOCOLS[entry.protocol] ?? 'any';
  const ported = protocol === 'tcp' || protocol === 'udp';
  const service = ported ? `${protocol.toUpperCase()}/${entry.port}` : protocol === 'any' ? `protocol ${entry.protocol}` : 'ICMP';
  if (protocol === 'any') broadened.add(`Protocol ${entry.protocol} is allowed as any protocol: the firewall names TCP, UDP and ICMP only`);
  const port = ported && entry.port > 0 ? { dest_port: String(entry.port) } : {};
  const internal = entry.peer_kind === 'host' || entry.peer_kind === 'subnet';
  if (!internal) {
    broadened.add(
      `${entry.direction === 'out' ? 'To' : 'From'} any external address on ${service}: the firewall matches addresses, not countries, domains or applications`,
    );
  }
  if (entry.direction === 'out') {
    const dest = internal ? { dest: entry.peer } : plan.externalZone ? { dest_zone: plan.externalZone } : {};
    return { protocol, src: `@${set}`, ...dest, ...port, what: `to ${internal ? entry.peer : 'external'} ${service}` };
  }
  return { protocol, ...(internal && { src: entry.peer }), dest: `@${set}`, ...port, what: `from ${internal ? entry.peer : 'external'} ${service}` };
}

/** TCP and UDP allows of one peer and port become one 'tcpudp' rule, and repeats one. */
function merged(allows: Allow[]): Allow[] {
  const byMatch = new Map<string, Allow>();
  for (const a of allows) {
    const same = JSON.stringify([a.src, a.dest, a.dest_zone, a.dest_port]);
    const key = a.protocol === 'tcp' || a.protocol === 'udp' ? `ports|${same}` : `${a.protocol}|${same}`;
    const before = byMatch.get(key);
    if (!before) byMatch.set(key, a);
    else if (before.protocol !== a.protocol)
      byMatch.set(key, { ...before, protocol: 'tcpudp', what: before.what.replace(/^(\S+ \S+) (TCP|UDP)/, '$1 TCP+UDP') });
  }
  return [...byMatch.values()];
}

/** The IP set and rules that fence a class's devices to their profile. */
export function segmentFor(plan: SegmentPlan): SegmentResult {
  if (!SEGMENT_KEY.test(plan.key)) return { ok: false, reason: 'A segment name is lower-case letters, digits, - or _, at most 32' };
  if (plan.members.length === 0) return { ok: false, reason: 'No device to fence' };
  const set = segmentIpSetName(plan.key);
  const broadened = new Set<string>();
  const allows = merged(plan.profile.entries.map((e) => allowOf(e, set, plan, broadened)));
  if (allows.length > SEGMENT_RULES_MAX)
    return { ok: false, reason: `The profile needs ${allows.length} rules, more than ${SEGMENT_RULES_MAX}: too broad to fence by rules` };
  const action = plan.deny ?? 'drop';
  const prefix = rulePrefix(plan.key);
  const rules = [
    ...allows.map(({ what, ...match }) => ({ name: `${prefix}allow ${what}`, action: 'accept' as const, ...match })),
    { name: `${prefix}${action} the rest from its devices`, protocol: 'any' as const, src: `@${set}`, action },
    { name: `${prefix}${action} the rest to its devices`, protocol: 'any' as const, dest: `@${set}`, action },
  ].map((rule, i) => firewallRuleSchema.parse({ id: stableUuid(`${plan.key}|rule|${i}`), enabled: true, ...rule, name: rule.name.slice(0, 64) }));
  const ipset = ipSetSchema.parse({ id: stableUuid(`${plan.key}|ipset`), name: set, entries: [...new Set(plan.members)].sort() });
  return { ok: true, segment: { key: plan.key, ipset, rules, broadened: [...broadened] } };
}

/** The firewall without a segment: its IP set and every rule named for it, and nothing else. */
export function removeSegment(section: FirewallSection, key: string): FirewallSection {
  const prefix = rulePrefix(key);
  const set = segmentIpSetName(key);
  const ours = (r: FirewallRule) => r.name.startsWith(prefix);
  return {
    ...section,
    inbound: section.inbound.filter((r) => !ours(r)),
    outbound: section.outbound.filter((r) => !ours(r)),
    ipsets: section.ipsets.filter((s) => s.name !== set),
  };
}

/** The firewall with a segment, replacing any earlier one of the same name; its rules first, so they decide before broader ones. */
export function applySegment(section: FirewallSection, segment: Segment): FirewallSection {
  const without = removeSegment(section, segment.key);
  return { ...without, outbound: [...segment.rules, ...without.outbound], ipsets: [...without.ipsets, segment.ipset] };
}
