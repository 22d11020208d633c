/**
 * bench:ztna's recomputation: every endpoint's `ztna` section made again (ztnaSectionsFor for each,
 * as a full recommit would), next to one edit's path: the endpoints it touches (endpointsTouched on
 * the requester index) and only their sections made again (ztnaSectionsForEndpoints, one section
 * per view key). Each edit is checked against the full recomputation of the tenant after it: every
 * endpoint whose section changed must be among those touched.
 */
import {
  buildRequesterIndex,
  changeMovesRequesters,
  endpointsTouched,
  refreshRequesterIndex,
  sameValue,
  ztnaSectionsFor,
  ztnaSectionsForEndpoints,
  ztnaViewKey,
  type TenantZtna,
  type ZtnaSection,
} from '@netloom/domain';
import type { BenchEdit } from './edits';

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const timed = <T>(fn: () => T): [T, number] => {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
};

/**
 * The tenant as a new snapshot (what the server loads for each edit): the domain keeps a tenant's
 * preparation per servers' list, so a copy of it makes every timed figure include preparing it.
 */
const fresh = (t: TenantZtna): TenantZtna => ({ ...t, servers: [...t.servers] });

/** Every endpoint's section, one ztnaSectionsFor call each. */
export function allSections(t: TenantZtna): Map<string, ZtnaSection> {
  const out = new Map<string, ZtnaSection>();
  for (const id of t.endpoints.keys()) out.set(id, ztnaSectionsFor(t, { id, kind: 'endpoint' }).ztna!);
  return out;
}

export interface FullResult {
  endpoints: number;
  /** ztnaSectionsFor for every endpoint, per run. */
  fullMs: number[];
  /** ztnaSectionsForEndpoints for every endpoint (one section per view key), per run. */
  sharedMs: number[];
  viewKeys: number;
  indexMs: number[];
  /** Servers in a section, on average. */
  serversPerSection: number;
  sections: Map<string, ZtnaSection>;
}

export function runFull(t: TenantZtna, runs: number, log: (text: string) => void): FullResult {
  const fullMs: number[] = [];
  const sharedMs: number[] = [];
  const indexMs: number[] = [];
  // A warm-up pass: the optimising compiler sees the section code before it is timed.
  let sections = allSections(fresh(t));
  ztnaSectionsForEndpoints(fresh(t), t.endpoints.keys());
  for (let run = 1; run <= runs; run++) {
    let ms: number;
    const [a, b] = [fresh(t), fresh(t)];
    [sections, ms] = timed(() => allSections(a));
    fullMs.push(ms);
    sharedMs.push(timed(() => ztnaSectionsForEndpoints(b, b.endpoints.keys()))[1]);
    indexMs.push(timed(() => buildRequesterIndex(t))[1]);
    log(`full recomputation run ${run}: ${ms.toFixed(0)} ms (one per view key ${sharedMs.at(-1)!.toFixed(0)} ms, index ${indexMs.at(-1)!.toFixed(0)} ms)`);
  }
  const viewKeys = new Set([...t.endpoints.values()].map((e) => ztnaViewKey(t, e))).size;
  let servers = 0;
  for (const s of sections.values()) servers += s.servers.length;
  return { endpoints: t.endpoints.size, fullMs, sharedMs, viewKeys, indexMs, serversPerSection: servers / sections.size, sections };
}

export interface EditResult {
  name: string;
  touched: number;
  /** Endpoints whose section the edit changed (from the full recomputations before and after). */
  changed: number;
  /** Changed endpoints the touched set left out (must be 0). */
  missed: number;
  viewKeys: number;
  findMs: number;
  recomputeMs: number;
  /** Bringing the requester index up to date for the touched endpoints, when the edit moves requesters. */
  refreshMs: number;
  refreshed: boolean;
  /** The same touched endpoints, one ztnaSectionsFor call each. */
  plainRecomputeMs: number;
}

export function runEdit(before: TenantZtna, sectionsBefore: Map<string, ZtnaSection>, edit: BenchEdit, runs: number): EditResult {
  const find: number[] = [];
  const recompute: number[] = [];
  const refresh: number[] = [];
  const plain: number[] = [];
  let touched: string[] = [];
  for (let run = 0; run < runs; run++) {
    // The index as the server holds it before the edit (built outside the timing).
    const index = buildRequesterIndex(before);
    let ms: number;
    [touched, ms] = timed(() => endpointsTouched(before, index, edit.change));
    find.push(ms);
    const after = fresh(edit.after);
    recompute.push(timed(() => ztnaSectionsForEndpoints(after, touched))[1]);
    // Only edits that move requesters (security groups, profiles, endpoints) need the index refreshed.
    refresh.push(changeMovesRequesters(edit.change) ? timed(() => refreshRequesterIndex(index, after, touched))[1] : 0);
    const again = fresh(edit.after);
    plain.push(timed(() => touched.map((id) => ztnaSectionsFor(again, { id, kind: 'endpoint' })))[1]);
  }
  const viewKeys = new Set(touched.map((id) => ztnaViewKey(edit.after, edit.after.endpoints.get(id)!))).size;

  const after = allSections(edit.after);
  const set = new Set(touched);
  let changed = 0;
  let missed = 0;
  for (const [id, section] of after) {
    if (sameValue(section, sectionsBefore.get(id))) continue;
    changed++;
    if (!set.has(id)) missed++;
  }
  return {
    name: edit.name,
    touched: touched.length,
    changed,
    missed,
    viewKeys,
    findMs: median(find),
    recomputeMs: median(recompute),
    refreshMs: median(refresh),
    refreshed: changeMovesRequesters(edit.change),
    plainRecomputeMs: median(plain),
  };
}
