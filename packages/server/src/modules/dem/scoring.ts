import { causeOf, componentScore, DEM_SCORE_RULES, worstComponent, type DemCause, type DemComponent } from '@netloom/domain';
import type { DemRawRow, DemTotals } from '../traffic/index';

/** A group's score (the mean of its results' scores); null without results. */
export const scoreOf = (t: Pick<DemTotals, 'samples' | 'scoreSum'>): number | null => (t.samples > 0 ? round1(t.scoreSum / t.samples) : null);

export const round1 = (v: number): number => Math.round(v * 10) / 10;

/** Each measured component's score from its mean value in the group, availability from its share of successes. */
export function componentsOf(t: DemTotals): Partial<Record<DemComponent, number>> {
  const out: Partial<Record<DemComponent, number>> = {};
  if (t.samples > 0) out.availability = round1((100 * t.ok) / t.samples);
  for (const rule of DEM_SCORE_RULES) {
    if (rule.key === 'availability') continue;
    const m = t.measures[rule.key];
    if (m && m.n > 0) out[rule.key] = componentScore(rule.key, m.sum / m.n);
  }
  return out;
}

/** A component's mean value in the group, null when none measured it. */
export function meanOf(t: DemTotals, key: Exclude<DemComponent, 'availability'>): number | null {
  const m = t.measures[key];
  return m && m.n > 0 ? round1(m.sum / m.n) : null;
}

/** Sums of several groups' totals. */
export function addTotals(list: readonly DemTotals[]): DemTotals {
  const out: DemTotals = { samples: 0, ok: 0, scoreSum: 0, measures: {} };
  for (const t of list) {
    out.samples += t.samples;
    out.ok += t.ok;
    out.scoreSum += t.scoreSum;
    for (const [k, m] of Object.entries(t.measures) as [keyof DemTotals['measures'], { sum: number; n: number }][]) {
      const into = (out.measures[k] ??= { sum: 0, n: 0 });
      into.sum += m.sum;
      into.n += m.n;
    }
  }
  return out;
}

/** Totals of raw rows, as the rollups would hold them. */
function totalsOfRows(rows: readonly DemRawRow[]) {
  const measure = (pick: (r: DemRawRow) => number | null) => {
    const values = rows.map(pick).filter((v): v is number => v !== null);
    return { sum: values.reduce((a, b) => a + b, 0), n: values.length };
  };
  return {
    samples: rows.length,
    ok: rows.filter((r) => r.ok).length,
    scoreSum: rows.reduce((s, r) => s + r.score, 0),
    measures: {
      dns: measure((r) => r.dnsMs),
      connect: measure((r) => r.connectMs),
      tls: measure((r) => r.tlsMs),
      ttfb: measure((r) => r.ttfbMs),
      total: measure((r) => r.totalMs),
      latency: measure((r) => r.latencyMs),
      loss: measure((r) => r.loss),
      wifi: measure((r) => (r.networkKind === 'wifi' ? r.wifiSignalDbm : null)),
      cpu: measure((r) => r.cpuPct),
      memory: measure((r) => r.memoryPct),
    },
  };
}

/** An endpoint's latest round of an application's tests: its results within one interval of its newest (rows oldest first). */
export function latestRound(rows: readonly DemRawRow[], intervalSeconds: number): DemRawRow[] {
  const newest = rows[rows.length - 1];
  if (!newest) return [];
  return rows.filter((r) => r.at.getTime() >= newest.at.getTime() - intervalSeconds * 1000);
}

/** A round's verdict: the mean score, the worst component and the cause it points at (the newest result's path). */
export function verdictOf(round: readonly DemRawRow[]): { score: number; worst: DemComponent | null; cause: DemCause } {
  const score = round1(round.reduce((s, r) => s + r.score, 0) / round.length);
  const worst = worstComponent(componentsOf(totalsOfRows(round)));
  const path = round[round.length - 1]!.path === 'relay' ? 'relay' : 'direct';
  return { score, worst, cause: worst === null ? 'app' : causeOf(worst, path) };
}
