/**
 * bench:webfilter's evaluation part: decisions per second of evaluateWebRequest on the compiled
 * section, next to the baseline in the same process and run: each request's host looked up by its
 * registrable domain in a Set of the custom URLs' domains (what a plain domain block list does).
 * Both run on this process's one thread, alternating slice by slice so that both see the same machine.
 */
import { compileWebFilter, evaluateWebRequest, parseUrlPattern, registrableDomain, type WebFilterRule, type UrlAction } from '@netloom/domain';
import type { RequestStream } from './requests';
import type { BenchTenant } from './tenant';

export interface EvaluationResult {
  compileMs: number;
  /** Decisions per second of each measured run. */
  decisionsPerS: number[];
  /** Baseline lookups per second of each measured run. */
  baselinePerS: number[];
  /** How the stream was decided (from the warm-up pass): a check that the tenant exercises every rule. */
  byRule: Partial<Record<WebFilterRule, number>>;
  byAction: Partial<Record<UrlAction, number>>;
  /** Requests whose domain the baseline found listed. */
  baselineHits: number;
}

const perSecond = (count: number, ms: number) => (count / ms) * 1000;
/** Requests per timed slice: long enough for the clock (≥ 1 ms), short enough to alternate often. */
const SLICE = 5_000;

export function runEvaluation(tenant: BenchTenant, stream: RequestStream, runs: number, log: (text: string) => void): EvaluationResult {
  const compileStart = performance.now();
  const compiled = compileWebFilter(tenant.section);
  const compileMs = performance.now() - compileStart;

  const listed = new Set<string>();
  for (const url of tenant.customUrls) {
    const host = parseUrlPattern(url)?.host;
    if (host) listed.add(registrableDomain(host) ?? host);
  }
  const { requests, hosts } = stream;

  // Both loops over a slice of the stream: the runs alternate them slice by slice, so that a busy
  // neighbour on a shared machine slows both alike and the ratio holds.
  const decide = (from: number, to: number) => {
    let blocked = 0;
    for (let i = from; i < to; i++) if (evaluateWebRequest(compiled, requests[i]!).action === 'blocked') blocked++;
    return blocked;
  };
  const lookUp = (from: number, to: number) => {
    let hits = 0;
    for (let i = from; i < to; i++) {
      const host = hosts[i]!;
      if (listed.has(registrableDomain(host) ?? host)) hits++;
    }
    return hits;
  };

  // Warm-up: the optimising compiler sees both loops, and the decision mix is counted once.
  const byRule: EvaluationResult['byRule'] = {};
  const byAction: EvaluationResult['byAction'] = {};
  for (const req of requests) {
    const d = evaluateWebRequest(compiled, req);
    byRule[d.rule] = (byRule[d.rule] ?? 0) + 1;
    byAction[d.action] = (byAction[d.action] ?? 0) + 1;
  }
  const expectedBlocked = decide(0, requests.length);
  const baselineHits = lookUp(0, hosts.length);
  lookUp(0, hosts.length);

  const decisionsPerS: number[] = [];
  const baselinePerS: number[] = [];
  for (let run = 1; run <= runs; run++) {
    let decideMs = 0;
    let lookUpMs = 0;
    let blocked = 0;
    let hits = 0;
    for (let from = 0; from < requests.length; from += SLICE) {
      const to = Math.min(from + SLICE, requests.length);
      let start = performance.now();
      blocked += decide(from, to);
      decideMs += performance.now() - start;
      start = performance.now();
      hits += lookUp(from, to);
      lookUpMs += performance.now() - start;
    }
    // The same answers every run: the loops did the work they are timed for.
    if (blocked !== expectedBlocked || hits !== baselineHits) throw new Error(`run ${run} answered differently from the warm-up`);
    decisionsPerS.push(perSecond(requests.length, decideMs));
    baselinePerS.push(perSecond(hosts.length, lookUpMs));
    log(
      `run ${run}: ${Math.round(decisionsPerS.at(-1)!).toLocaleString('en')} decisions/s, baseline ${Math.round(baselinePerS.at(-1)!).toLocaleString('en')} lookups/s`,
    );
  }
  return { compileMs, decisionsPerS, baselinePerS, byRule, byAction, baselineHits };
}
