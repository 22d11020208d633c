import { componentScore, DEM_SCORE_RULES, type DemComponent } from '@netloom/domain';
import type { DemTotals } from '../traffic/index';

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
