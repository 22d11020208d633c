/**
 * bench:ztna's decisions: compileAccess's compile time, and decisions per second of the compiled
 * evaluator next to the plain decideAccess (every server and policy read in order) on the same
 * requests, both on this process's one thread, alternating slice by slice so that both see the
 * same machine. The warm-up pass checks that the two answer every request alike.
 */
import { compileAccess, decideAccess, type AccessDecision, type AccessRequest, type AccessRule, type AccessView } from '@netloom/domain';

export interface DecisionResult {
  /** Each compile's time (the median is printed). */
  compileMs: number[];
  compiledPerS: number[];
  plainPerS: number[];
  byRule: Partial<Record<AccessRule, number>>;
  allowed: number;
  /** Requests the two answered differently (0, or the figures mean nothing). */
  disagree: number;
}

const perSecond = (count: number, ms: number) => (count / ms) * 1000;
/** Requests per timed slice: long enough for the clock, short enough to alternate often. */
const SLICE = 2_000;

export function runDecisions(view: AccessView, requests: readonly AccessRequest[], runs: number, log: (text: string) => void): DecisionResult {
  const compileMs: number[] = [];
  let compiled = compileAccess(view);
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    compiled = compileAccess(view);
    compileMs.push(performance.now() - start);
  }

  const same = (a: AccessDecision, b: AccessDecision) =>
    a.action === b.action && a.rule === b.rule && a.policy?.id === b.policy?.id && a.failed?.condition === b.failed?.condition && a.reason === b.reason;
  const byRule: DecisionResult['byRule'] = {};
  let allowed = 0;
  let disagree = 0;
  for (const req of requests) {
    const d = compiled.decide(req);
    if (!same(d, decideAccess(view, req))) disagree++;
    byRule[d.rule] = (byRule[d.rule] ?? 0) + 1;
    if (d.action === 'allow') allowed++;
  }

  const decideCompiled = (from: number, to: number) => {
    let n = 0;
    for (let i = from; i < to; i++) if (compiled.decide(requests[i]!).action === 'allow') n++;
    return n;
  };
  const decidePlain = (from: number, to: number) => {
    let n = 0;
    for (let i = from; i < to; i++) if (decideAccess(view, requests[i]!).action === 'allow') n++;
    return n;
  };

  const compiledPerS: number[] = [];
  const plainPerS: number[] = [];
  for (let run = 1; run <= runs; run++) {
    let compiledMs = 0;
    let plainMs = 0;
    let a = 0;
    let b = 0;
    for (let from = 0; from < requests.length; from += SLICE) {
      const to = Math.min(from + SLICE, requests.length);
      let start = performance.now();
      a += decideCompiled(from, to);
      compiledMs += performance.now() - start;
      start = performance.now();
      b += decidePlain(from, to);
      plainMs += performance.now() - start;
    }
    // The same answers every run: the loops did the work they are timed for.
    if (a !== allowed || b !== allowed) throw new Error(`run ${run} answered differently from the warm-up`);
    compiledPerS.push(perSecond(requests.length, compiledMs));
    plainPerS.push(perSecond(requests.length, plainMs));
    log(
      `decisions run ${run}: compiled ${Math.round(compiledPerS.at(-1)!).toLocaleString('en')}/s, plain ${Math.round(plainPerS.at(-1)!).toLocaleString('en')}/s`,
    );
  }
  return { compileMs, compiledPerS, plainPerS, byRule, allowed, disagree };
}
