import type { NdrDnsQuery, NdrEvidence, NdrFlow, NdrIdsAlert, NdrWafAttack } from './evidence';
import type { NdrDetection } from './detection';
import { mergeNdrDetections } from './detection';
import type { NdrRule, NdrRuleState } from './rule';

/** Builders for the rules' tests: evidence at a minute offset from a fixed start, with sensible defaults. */
export const GATEWAY = '6f1c1a52-3c47-4a54-9d55-0e6f1b7a2c01';
export const T0 = Date.parse('2025-03-03T00:00:00.000Z');
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

const at = (ms: number): string => new Date(T0 + ms).toISOString();

export const flow = (ms: number, over: Partial<NdrFlow> = {}): NdrFlow => ({
  kind: 'flow',
  device_id: GATEWAY,
  time: at(ms),
  src_ip: '10.0.0.10',
  src_port: 50000 + (Math.floor(ms / 1000) % 15000),
  dst_ip: '93.184.216.34',
  dst_port: 443,
  protocol: 6,
  bytes_out: 1200,
  bytes_in: 24000,
  packets_out: 12,
  packets_in: 20,
  ...over,
});

export const dns = (ms: number, name: string, over: Partial<NdrDnsQuery> = {}): NdrDnsQuery => ({
  kind: 'dns',
  device_id: GATEWAY,
  time: at(ms),
  client_ip: '10.0.0.10',
  name,
  qtype: 'A',
  rcode: 'NOERROR',
  ...over,
});

export const idsAlert = (ms: number, over: Partial<NdrIdsAlert> = {}): NdrIdsAlert => ({
  kind: 'ids',
  device_id: GATEWAY,
  time: at(ms),
  sid: 2044101,
  category: 'botnet-cnc',
  severity: 1,
  src: '10.0.0.10',
  dst: '198.51.100.23',
  dst_port: 443,
  message: 'ET CNC Cobalt Strike beacon check-in',
  action: 'alerted',
  ...over,
});

const APPLICATION = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';

export const wafAttack = (ms: number, over: Partial<NdrWafAttack> = {}): NdrWafAttack => ({
  kind: 'waf',
  application_id: APPLICATION,
  time: at(ms),
  client_ip: '203.0.113.50',
  rule_id: 942100,
  severity: 2,
  ...over,
});

/** Run a rule over evidence in batches (one by default), the state through JSON between them as the server keeps it. */
export function runRule<P, S>(
  rule: NdrRule<P, S>,
  batches: readonly (readonly NdrEvidence[])[],
  params: P,
  now?: number,
): { detections: NdrDetection[]; state: NdrRuleState<S> | undefined } {
  let state: NdrRuleState<S> | undefined;
  const all: NdrDetection[] = [];
  for (const batch of batches) {
    const last = Math.max(T0, ...batch.map((e) => Date.parse(e.time)));
    const result = rule.step(state, batch, params, now ?? last);
    all.push(...result.detections);
    state = JSON.parse(JSON.stringify(result.state)) as NdrRuleState<S>;
  }
  return { detections: mergeNdrDetections(all), state };
}

/** Split a list at the given fractions, into consecutive pieces. */
export function splitAt<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * items.length)))].sort((a, b) => a - b);
  const pieces: T[][] = [];
  let from = 0;
  for (const p of points) {
    pieces.push(items.slice(from, p));
    from = p;
  }
  pieces.push(items.slice(from));
  return pieces;
}

/** Seeded pseudo-random numbers, so normal traffic is the same on every run. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
