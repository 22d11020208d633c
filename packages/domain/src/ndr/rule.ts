import { z } from 'zod';
import { isIPv4, isCidr } from '../validators/ipv4';
import { addressMatcher, internalMatcher } from './addresses';
import { mergeNdrDetections, ndrEvidenceRef, type NdrDetection, type NdrSeverity } from './detection';
import type { NdrEvidence, NdrEvidenceKind } from './evidence';
import type { MitreTacticId, MitreTechniqueId } from './mitre';
import { ndrSuppressionSchema, withoutSuppressed } from './suppression';

/**
 * The contract of every NDR rule: an id, its parameters with defaults (a zod schema, so the
 * server stores a tenant's overrides and parses them), an explanation a console shows, its
 * ATT&CK mapping and severity, and an incremental step. The server keeps each rule's state per
 * tenant between batches and never rescans the store: the state is plain JSON and bounded (caps
 * on what it tracks, windows pruned by evidence time).
 *
 * `step` owns the state it is given: it updates it in place (copying megabytes per batch would
 * cost more than the rule) and returns it; keep only the returned state. It reads no clock and
 * does no I/O: `now` only refuses evidence from the future and bounds pruning.
 */
export interface NdrStepResult<S = unknown> {
  state: NdrRuleState<S>;
  detections: NdrDetection[];
}

export interface NdrRuleState<S = unknown> {
  /** The state's layout; a state of another version is dropped and the rule starts afresh. */
  v: number;
  /** The newest evidence time seen (ms): windows are pruned against it, not against the wall clock. */
  watermark: number;
  data: S;
}

export interface NdrRule<P = unknown, S = unknown, Id extends string = string> {
  readonly id: Id;
  readonly name: string;
  readonly severity: NdrSeverity;
  readonly tactics: readonly MitreTacticId[];
  readonly techniques: readonly MitreTechniqueId[];
  /** The kinds of evidence it reads; the rest of a batch passes it by. */
  readonly reads: readonly NdrEvidenceKind[];
  readonly paramsSchema: z.ZodType<P>;
  /** The parameters with every default. */
  defaults(): P;
  explain(params: P): string;
  step(state: NdrRuleState<S> | undefined, batch: readonly NdrEvidence[], params: P, now: number): NdrStepResult<S>;
}

const ADDRESS_OR_NETWORK = "An address 'x.x.x.x' or a network 'x.x.x.x/y'";
const addressOrNetwork = z.string().refine((v) => isIPv4(v) || isCidr(v), ADDRESS_OR_NETWORK);

/** What every rule's parameters hold besides its own. */
export const ndrCommonParamsShape = {
  /** Public networks the tenant uses inside, judged as internal like the private ranges. */
  internal_networks: z.array(addressOrNetwork).max(64).default([]),
  /** Hosts and networks the rule never judges (a vulnerability scanner, a backup server). */
  exempt_hosts: z.array(addressOrNetwork).max(256).default([]),
  /** The false positives triage turned into silences. */
  suppressions: z.array(ndrSuppressionSchema).max(5_000).default([]),
};
export type NdrCommonParams = z.output<z.ZodObject<typeof ndrCommonParamsShape>>;
/** A rule's parameters as its step reads them: its own and the common ones, defaults filled in. */
export type NdrParams<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>> & NdrCommonParams;

/** Evidence newer than this past `now` is a device's wrong clock: it is left out rather than moving the windows. */
export const NDR_FUTURE_TOLERANCE_MS = 5 * 60_000;

export interface NdrRuleContext {
  isInternal(ip: string): boolean;
  isExempt(ip: string): boolean;
}

type Of<K extends NdrEvidenceKind> = Extract<NdrEvidence, { kind: K }>;

/** The fields of a detection a rule decides; the rest come from the rule and the evidence. */
export interface NdrEmission {
  key: string;
  host: { ip: string; device_id: string };
  peer: string | null;
  peers?: string[];
  user?: string | null;
  title: string;
  summary: string;
  severity?: NdrSeverity;
  confidence: number;
  /** ms; the evidence's time when absent. */
  first_seen?: number;
  last_seen: number;
  facts?: Record<string, number | string>;
  tactics?: readonly MitreTacticId[];
  techniques?: readonly MitreTechniqueId[];
}

export interface NdrRuleSpec<Id extends string, Shape extends z.ZodRawShape, S, K extends NdrEvidenceKind> {
  id: Id;
  name: string;
  severity: NdrSeverity;
  tactics: readonly MitreTacticId[];
  techniques: readonly MitreTechniqueId[];
  reads: readonly K[];
  /** The rule's own parameters; the common ones are added. */
  params: Shape;
  /** The layout version of its state. */
  version: number;
  explain(params: NdrParams<Shape>): string;
  init(): S;
  /** One piece of evidence, in time order (t in ms); what it returns is emitted. */
  observe(state: S, e: Of<K>, t: number, params: NdrParams<Shape>, ctx: NdrRuleContext): NdrEmission[];
  /** Forget what no evidence at or after `horizon` (ms) can need. */
  prune(state: S, horizon: number, params: NdrParams<Shape>): void;
}

const contexts = new WeakMap<object, NdrRuleContext>();
/** Built once per parameters object: the server passes the same one batch after batch. */
function contextOf(params: { internal_networks: string[]; exempt_hosts: string[] }): NdrRuleContext {
  let ctx = contexts.get(params);
  if (!ctx) {
    ctx = { isInternal: internalMatcher(params.internal_networks), isExempt: addressMatcher(params.exempt_hosts) };
    contexts.set(params, ctx);
  }
  return ctx;
}

const iso = (ms: number) => new Date(ms).toISOString();

const digitsAt = (s: string, from: number, count: number): number => {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    n = n * 10 + c;
  }
  return n;
};

/**
 * 'YYYY-MM-DDTHH:MM:SS[.fff…]Z' (what the evidence schemas accept) in ms, by position: every rule
 * reads every record's time, and Date.parse was a good share of a rule's cost. Anything else goes
 * to Date.parse.
 */
export function isoMs(text: string): number {
  if (text.length < 20 || text.charCodeAt(10) !== 84 || text.charCodeAt(text.length - 1) !== 90) return Date.parse(text);
  const ms = Date.UTC(
    digitsAt(text, 0, 4),
    digitsAt(text, 5, 2) - 1,
    digitsAt(text, 8, 2),
    digitsAt(text, 11, 2),
    digitsAt(text, 14, 2),
    digitsAt(text, 17, 2),
    text.charCodeAt(19) === 46 ? Math.floor(digitsAt(text, 20, Math.min(3, text.length - 21)) * 10 ** (3 - Math.min(3, text.length - 21))) : 0,
  );
  return Number.isNaN(ms) ? Date.parse(text) : ms;
}

export function defineNdrRule<const Id extends string, Shape extends z.ZodRawShape, S, K extends NdrEvidenceKind>(
  spec: NdrRuleSpec<Id, Shape, S, K>,
): NdrRule<NdrParams<Shape>, S, Id> {
  type P = NdrParams<Shape>;
  const paramsSchema = z.strictObject({ ...spec.params, ...ndrCommonParamsShape }) as unknown as z.ZodType<P>;
  const reads = new Set<NdrEvidenceKind>(spec.reads);

  const detectionOf = (m: NdrEmission, e: NdrEvidence, t: number): NdrDetection => ({
    rule_id: spec.id,
    dedupe_key: `${spec.id}|${m.key}`,
    severity: m.severity ?? spec.severity,
    confidence: Math.round(Math.min(1, Math.max(0, m.confidence)) * 100) / 100,
    host: m.host,
    peer: m.peer,
    peers: m.peers ?? (m.peer === null ? [] : [m.peer]),
    user: m.user ?? null,
    title: m.title,
    summary: m.summary,
    tactics: [...(m.tactics ?? spec.tactics)],
    techniques: [...(m.techniques ?? spec.techniques)],
    first_seen: iso(m.first_seen ?? t),
    last_seen: iso(m.last_seen),
    facts: m.facts ?? {},
    evidence: [ndrEvidenceRef(e)],
  });

  return {
    id: spec.id,
    name: spec.name,
    severity: spec.severity,
    tactics: spec.tactics,
    techniques: spec.techniques,
    reads: spec.reads,
    paramsSchema,
    defaults: () => paramsSchema.parse({}),
    explain: (params) => spec.explain(params),
    step(previous, batch, params, now) {
      const state: NdrRuleState<S> = previous?.v === spec.version ? previous : { v: spec.version, watermark: 0, data: spec.init() };
      const ctx = contextOf(params);
      const latest = now + NDR_FUTURE_TOLERANCE_MS;
      const timed: { e: Of<K>; t: number }[] = [];
      for (const e of batch) {
        if (!reads.has(e.kind)) continue;
        const t = isoMs(e.time);
        if (Number.isFinite(t) && t <= latest) timed.push({ e: e as Of<K>, t });
      }
      // Stable: evidence of one instant keeps the order it came in. Batches mostly come in order already.
      if (timed.some((x, i) => i > 0 && x.t < timed[i - 1]!.t)) timed.sort((a, b) => a.t - b.t);
      const emitted: NdrDetection[] = [];
      for (const { e, t } of timed) {
        if (t > state.watermark) state.watermark = t;
        for (const m of spec.observe(state.data, e, t, params, ctx)) emitted.push(detectionOf(m, e, t));
      }
      spec.prune(state.data, Math.min(state.watermark, now), params);
      return { state, detections: mergeNdrDetections(withoutSuppressed(emitted, params.suppressions)) };
    },
  };
}
