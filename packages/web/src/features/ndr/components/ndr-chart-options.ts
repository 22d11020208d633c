import { NDR_SEVERITIES, formatDate, type NdrOverview } from '@netloom/domain';
import type { ChartOption } from '@/components/charts/echarts-setup';
import { SEVERITY_COLORS, SEVERITY_LOOK } from './ndr-labels';

export interface TacticTimeline {
  /** The window's steps, as the overview's severity series has them (every step present). */
  steps: string[];
  /** Each tactic of the window, most detections first, with its count at each step. */
  tactics: { id: string; name: string; counts: number[] }[];
}

/**
 * The tactic series as one row of counts per tactic over every step of the window: the server
 * leaves out the steps without any, and a count whose time falls inside a step (not on its start)
 * counts in that step.
 */
export function tacticTimeline(overview: Pick<NdrOverview, 'series' | 'tactic_series' | 'by_tactic'>): TacticTimeline {
  const steps = overview.series.map((s) => s.at);
  const starts = steps.map((at) => Date.parse(at));
  const stepOf = (at: string): number => {
    const t = Date.parse(at);
    let index = -1;
    for (let i = 0; i < starts.length && starts[i]! <= t; i++) index = i;
    return index;
  };
  const names = new Map<string, string>(overview.by_tactic.map((t) => [t.tactic, t.name]));
  const rows = new Map<string, number[]>();
  for (const point of overview.tactic_series) {
    const i = stepOf(point.at);
    if (i < 0) continue;
    const counts = rows.get(point.tactic) ?? steps.map(() => 0);
    counts[i]! += point.count;
    rows.set(point.tactic, counts);
  }
  const order = overview.by_tactic.map((t) => t.tactic as string);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const tactics = [...rows.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([id, counts]) => ({ id, name: names.get(id) ?? id, counts }));
  return { steps, tactics };
}

/** A step's label: the day for steps of a day or more, the time too otherwise. */
export function stepLabel(at: string, stepSeconds: number, timezone: string | null): string {
  return formatDate(at, { timezone, format: stepSeconds >= 86_400 ? 'DD MMM' : 'DD MMM HH:mm' });
}

const base = (labels: string[], legend: string[]): ChartOption => ({
  grid: { left: 8, right: 24, top: 32, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
  legend: { type: 'scroll', top: 0, data: legend },
  tooltip: { trigger: 'axis', confine: true, axisPointer: { type: 'shadow' } },
  xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
  yAxis: { type: 'value', name: 'Detections', minInterval: 1 },
});

/** Detections first seen in each step, stacked by severity (critical on top). */
export function severityOverTimeOption(overview: Pick<NdrOverview, 'series' | 'window'>, timezone: string | null): ChartOption {
  const labels = overview.series.map((s) => stepLabel(s.at, overview.window.step_seconds, timezone));
  return {
    ...base(
      labels,
      NDR_SEVERITIES.map((s) => SEVERITY_LOOK[s].label),
    ),
    color: NDR_SEVERITIES.map((s) => SEVERITY_COLORS[s]),
    series: NDR_SEVERITIES.map((s) => ({ type: 'bar' as const, name: SEVERITY_LOOK[s].label, stack: 'detections', data: overview.series.map((p) => p[s]) })),
  };
}

/** Detections first seen in each step, stacked by ATT&CK tactic (a detection of two tactics counts in both). */
export function tacticOverTimeOption(timeline: TacticTimeline, stepSeconds: number, timezone: string | null): ChartOption {
  const labels = timeline.steps.map((at) => stepLabel(at, stepSeconds, timezone));
  return {
    ...base(
      labels,
      timeline.tactics.map((t) => t.name),
    ),
    series: timeline.tactics.map((t) => ({ type: 'bar' as const, name: t.name, stack: 'tactics', data: t.counts })),
  };
}
