import { z } from 'zod';
import { filledText } from '../validators/storable-text';
import { IOT_CLASSES, iotClassSchema, type IotClass } from './classes';
import type { IotDeviceReport, ServicePort } from './discovery';
import type { VendorLookup } from './oui';
import {
  CLIENT_PORT_SIGNALS,
  DHCP_PARAMETER_LISTS,
  DHCP_VENDOR_CLASSES,
  HOSTNAME_SIGNALS,
  MDNS_SIGNALS,
  RANDOMISED_MAC_VOTES,
  SERVER_PORT_SIGNALS,
  SSDP_SIGNALS,
  type KnownClass,
  type PortSignal,
  type Votes,
} from './signals';
import { VENDOR_SIGNALS } from './vendor-signals';

/**
 * Classification: every piece of evidence votes for classes with a weight (signals.ts), the
 * votes add up per class, and the class with the most wins. Its confidence is its share of the
 * odds, softmax over every class and a prior for 'unknown', so one weak hint stays unsure and two
 * strong signals that agree make it sure. An admin's correction overrides it and is kept.
 */
/** The odds of 'unknown' before any evidence, in the votes' units: with none, every device is unknown. */
const UNKNOWN_PRIOR = 1;
/** Only an admin's word is certain. */
const INFERRED_MAX = 0.99;
const REASONS_MAX = 6;

export interface Vote {
  class: KnownClass;
  weight: number;
  /** As the console lists it: 'Vendor Hikvision', 'RTSP 554 open'. */
  reason: string;
}

export const classCorrectionSchema = z.object({
  class: iotClassSchema,
  /** Who set it (their email), for the console and the audit. */
  by: filledText().min(1).max(254),
  at: z.iso.datetime(),
});
export type ClassCorrection = z.infer<typeof classCorrectionSchema>;

export interface Classification {
  class: IotClass;
  /** 0–1. */
  confidence: number;
  source: 'signals' | 'admin';
  /** Why, strongest first. */
  reasons: string[];
  /** What the evidence alone says, shown beside an admin's correction. */
  inferred?: { class: IotClass; confidence: number; reasons: string[] };
}

const votesOf = (votes: Votes, reason: string): Vote[] => Object.entries(votes).map(([cls, weight]) => ({ class: cls as KnownClass, weight: weight!, reason }));

function portVotes(ports: readonly ServicePort[], table: readonly PortSignal[], reason: (s: PortSignal) => string): Vote[] {
  return table.filter((s) => ports.some((p) => p.protocol === s.protocol && p.port === s.port)).flatMap((s) => votesOf(s.votes, reason(s)));
}
const portName = (s: PortSignal) => `${s.label} ${s.port}${s.protocol === 17 ? '/udp' : ''}`;

/** Every vote the evidence casts. */
export function votesFor(report: IotDeviceReport, vendor: VendorLookup): Vote[] {
  const votes: Vote[] = [];
  if (vendor.known) {
    const signal = VENDOR_SIGNALS.find((s) => s.pattern.test(vendor.vendor));
    if (signal) votes.push(...votesOf(signal.votes, `Vendor ${signal.label}`));
  } else if (vendor.reason === 'randomised') {
    votes.push(...votesOf(RANDOMISED_MAC_VOTES, 'Private (randomised) MAC address'));
  }
  const list = report.dhcp?.parameter_list?.join(',');
  const fingerprint = DHCP_PARAMETER_LISTS.find((f) => f.list === list);
  if (fingerprint) votes.push(...votesOf(fingerprint.votes, `DHCP fingerprint of ${fingerprint.label}`));
  const vendorClass = report.dhcp?.vendor_class;
  const dhcpClient = vendorClass === undefined ? undefined : DHCP_VENDOR_CLASSES.find((s) => s.pattern.test(vendorClass));
  if (dhcpClient) votes.push(...votesOf(dhcpClient.votes, `DHCP vendor class of ${dhcpClient.label}`));
  const hostname = report.hostname?.toLowerCase();
  const named = hostname === undefined ? undefined : HOSTNAME_SIGNALS.find((s) => s.pattern.test(hostname));
  if (named) votes.push(...votesOf(named.votes, `Host name "${report.hostname}" looks like ${named.label}`));
  for (const type of report.mdns) {
    const signal = Object.hasOwn(MDNS_SIGNALS, type) ? MDNS_SIGNALS[type] : undefined;
    if (signal) votes.push(...votesOf(signal.votes, `Announces ${type} (${signal.label})`));
  }
  const ssdpText = report.ssdp.flatMap((a) => [a.device_type, a.st, a.server, a.manufacturer, a.model_name, a.friendly_name]).filter((t) => t !== undefined);
  for (const signal of SSDP_SIGNALS) {
    if (ssdpText.some((t) => signal.pattern.test(t))) votes.push(...votesOf(signal.votes, `SSDP: ${signal.label}`));
  }
  votes.push(...portVotes(report.server_ports, SERVER_PORT_SIGNALS, (s) => `${portName(s)} open`));
  votes.push(...portVotes(report.client_ports, CLIENT_PORT_SIGNALS, (s) => `Talks to ${portName(s)}`));
  return votes;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The class the votes make likeliest, with its confidence and the reasons that voted for it. */
export function classifyVotes(votes: readonly Vote[]): Omit<Classification, 'source' | 'inferred'> {
  const known = IOT_CLASSES.filter((c): c is KnownClass => c !== 'unknown');
  const score = new Map<KnownClass, number>(known.map((c) => [c, 0]));
  for (const v of votes) score.set(v.class, score.get(v.class)! + v.weight);
  // Ties go to the class listed first; a class nothing voted for never wins.
  const best = known.reduce<KnownClass | null>((top, c) => (score.get(c)! > (top === null ? 0 : score.get(top)!) ? c : top), null);
  const odds = known.reduce((sum, c) => sum + Math.exp(score.get(c)!), Math.exp(UNKNOWN_PRIOR));
  if (best === null) return { class: 'unknown', confidence: round2(Math.exp(UNKNOWN_PRIOR) / odds), reasons: [] };
  const reasons = votes
    .filter((v) => v.class === best)
    .sort((a, b) => b.weight - a.weight)
    .map((v) => v.reason);
  return {
    class: best,
    confidence: Math.min(INFERRED_MAX, round2(Math.exp(score.get(best)!) / odds)),
    reasons: [...new Set(reasons)].slice(0, REASONS_MAX),
  };
}

/** What a device is: an admin's correction when there is one (certain, and kept whatever the evidence says later), else the evidence's verdict. */
export function classifyDevice(report: IotDeviceReport, vendor: VendorLookup, correction: ClassCorrection | null = null): Classification {
  const inferred = classifyVotes(votesFor(report, vendor));
  if (correction === null) return { ...inferred, source: 'signals' };
  return { class: correction.class, confidence: 1, source: 'admin', reasons: [`Set by ${correction.by}`], inferred };
}

/** How the console words a confidence. */
export const confidenceBand = (confidence: number): 'high' | 'medium' | 'low' => (confidence >= 0.8 ? 'high' : confidence >= 0.5 ? 'medium' : 'low');
