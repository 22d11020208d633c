import { webFilterPolicyInputSchema } from '../webfilter/policy';
import { endpointProfileInputSchema } from '../ztna/profile';
import type { AssistantAgentType } from './api';
import { HELD_OUT_CORPUS, HELD_OUT_CORPUS_2, type HeldOutCase } from './held-out-corpus';
import { PROFILE_CORPUS, PROFILE_VOCABULARY } from './profile-corpus';
import { readProfileRequest } from './profile-request';
import { CORPUS_VOCABULARY, WEBFILTER_CORPUS } from './webfilter-corpus';
import { readWebFilterRequest, type AssistantReading } from './webfilter-request';

/**
 * The assistant's corpus, scored. Each request ends one of three ways:
 * - `right`: the payload expected (or a question that matches the one expected);
 * - `asked`: a miss that is harmless, a question back (or another question than the one expected);
 * - `wrong`: a payload that is not the one expected, or a payload where a question was expected:
 *   what the admin would confirm believing it is what they asked. The hard rule is none.
 */
type CorpusOutcome = 'right' | 'asked' | 'wrong';
type CorpusSet = 'first' | 'held-out' | 'held-out-2';

export interface CorpusCase {
  set: CorpusSet;
  agent: AssistantAgentType;
  prompt: string;
  /**
   * `exact`: every field that carries meaning is expected (the held-out set); otherwise only the
   * fields the case names (the first sets, written with the engine).
   */
  expect: { payload: Record<string, unknown>; exact: boolean } | { question: RegExp };
}

export interface ScoredCase extends CorpusCase {
  outcome: CorpusOutcome;
  reading: AssistantReading<object>;
}

const heldOut =
  (set: CorpusSet) =>
  (c: HeldOutCase): CorpusCase => ({
    set,
    agent: c.agent,
    prompt: c.prompt,
    expect: 'question' in c.expect ? c.expect : { payload: c.expect.payload, exact: true },
  });

/** Every case: the first web-filter and profile sets, then the held-out set. */
export function corpusCases(): CorpusCase[] {
  return [
    ...WEBFILTER_CORPUS.map(([prompt, e]): CorpusCase => ({
      set: 'first',
      agent: 'webfilter',
      prompt,
      expect: 'question' in e ? e : { payload: e.payload, exact: false },
    })),
    ...PROFILE_CORPUS.map(([prompt, e]): CorpusCase => ({
      set: 'first',
      agent: 'mza_profile',
      prompt,
      expect: e instanceof RegExp ? { question: e } : { payload: e, exact: false },
    })),
    ...HELD_OUT_CORPUS.map(heldOut('held-out')),
    ...HELD_OUT_CORPUS_2.map(heldOut('held-out-2')),
  ];
}

/** Lists compared as sets, but for a profile's relays: their order is the client's preference. */
function canonical(v: unknown, key = ''): unknown {
  if (Array.isArray(v)) {
    const items = v.map((x) => canonical(x));
    return key === 'relays' ? items : items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, canonical(x, k)]));
  return v;
}

/** Whether `actual` has every field `expected` names, equal (lists: the same items, whole). */
function holds(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => holds(actual[i], e));
  if (expected && typeof expected === 'object') {
    return !!actual && typeof actual === 'object' && Object.entries(expected).every(([k, e]) => holds((actual as Record<string, unknown>)[k], e));
  }
  return actual === expected;
}

/** Whether the payload is exactly the one expected: the form's reading of it, field by field. */
function samePayload(agent: AssistantAgentType, payload: object, expected: Record<string, unknown>, exact: boolean): boolean {
  if (!exact) return holds(canonical(payload), canonical(expected));
  const parsed = (agent === 'webfilter' ? webFilterPolicyInputSchema : endpointProfileInputSchema).safeParse(payload);
  if (!parsed.success) return false;
  const got = parsed.data as Record<string, unknown>;
  const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, got[k]]));
  return JSON.stringify(canonical(picked)) === JSON.stringify(canonical(expected));
}

/** Reads one case with the built-in engine and scores it. */
export function scoreCase(c: CorpusCase): ScoredCase {
  const reading: AssistantReading<object> =
    c.agent === 'webfilter' ? readWebFilterRequest(c.prompt, CORPUS_VOCABULARY) : readProfileRequest(c.prompt, PROFILE_VOCABULARY);
  let outcome: CorpusOutcome;
  if ('question' in c.expect) outcome = reading.kind === 'payload' ? 'wrong' : c.expect.question.test(reading.text) ? 'right' : 'asked';
  else outcome = reading.kind === 'question' ? 'asked' : samePayload(c.agent, reading.payload, c.expect.payload, c.expect.exact) ? 'right' : 'wrong';
  return { ...c, outcome, reading };
}

export interface CorpusFigures {
  cases: number;
  right: number;
  asked: number;
  wrong: number;
  /** right / cases, in per cent, one decimal. */
  accuracy: number;
}

export function figures(scored: readonly ScoredCase[]): CorpusFigures {
  const count = (o: CorpusOutcome) => scored.filter((s) => s.outcome === o).length;
  const right = count('right');
  return {
    cases: scored.length,
    right,
    asked: count('asked'),
    wrong: count('wrong'),
    accuracy: scored.length ? Math.round((1000 * right) / scored.length) / 10 : 0,
  };
}
