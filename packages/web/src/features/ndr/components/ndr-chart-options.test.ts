import { describe, expect, it } from 'vitest';
import type { NdrOverview } from '@netloom/domain';
import { severityOverTimeOption, stepLabel, tacticTimeline } from './ndr-chart-options';

const zero = { low: 0, medium: 0, high: 0, critical: 0 };
const overview: Pick<NdrOverview, 'series' | 'tactic_series' | 'by_tactic' | 'window'> = {
  window: { start: '2026-12-01T00:00:00.000Z', end: '2026-12-01T03:00:00.000Z', step_seconds: 3600 },
  series: [
    { at: '2026-12-01T00:00:00.000Z', ...zero, medium: 2 },
    { at: '2026-12-01T01:00:00.000Z', ...zero },
    { at: '2026-12-01T02:00:00.000Z', ...zero, high: 1, critical: 1 },
  ],
  tactic_series: [
    { at: '2026-12-01T00:00:00.000Z', tactic: 'TA0007', count: 2 },
    { at: '2026-12-01T02:00:00.000Z', tactic: 'TA0011', count: 1 },
    // Inside the third step rather than on its start, in another spelling of the instant.
    { at: '2026-12-01T02:30:00Z', tactic: 'TA0007', count: 1 },
    // Before the window: no step holds it.
    { at: '2026-11-30T23:00:00.000Z', tactic: 'TA0010', count: 5 },
  ],
  by_tactic: [
    { tactic: 'TA0007', name: 'Discovery', count: 3 },
    { tactic: 'TA0011', name: 'Command and Control', count: 1 },
  ],
};

describe("the overview's tactic timeline", () => {
  it('has every step of the window, with zero where the server left a step out', () => {
    const t = tacticTimeline(overview);
    expect(t.steps).toHaveLength(3);
    expect(t.tactics).toEqual([
      { id: 'TA0007', name: 'Discovery', counts: [2, 0, 1] },
      { id: 'TA0011', name: 'Command and Control', counts: [0, 0, 1] },
    ]);
  });

  it('lists the tactics most detections first, as the overview counts them', () => {
    const flipped = tacticTimeline({ ...overview, by_tactic: [...overview.by_tactic].reverse() });
    expect(flipped.tactics.map((t) => t.name)).toEqual(['Command and Control', 'Discovery']);
  });

  it('is empty when nothing was detected', () => {
    expect(tacticTimeline({ ...overview, tactic_series: [], by_tactic: [] }).tactics).toEqual([]);
  });
});

describe('the severity chart', () => {
  it('stacks each severity over the steps, labelled by hour within a day', () => {
    const option = severityOverTimeOption(overview, 'UTC');
    const series = option.series as { name: string; data: number[] }[];
    expect(series.map((s) => s.name)).toEqual(['Low', 'Medium', 'High', 'Critical']);
    expect(series[1]!.data).toEqual([2, 0, 0]);
    expect(series[3]!.data).toEqual([0, 0, 1]);
    expect((option.xAxis as { data: string[] }).data[2]).toBe('01 Dec 02:00');
  });

  it('labels steps of a day by the day alone', () => {
    expect(stepLabel('2026-12-01T00:00:00.000Z', 86_400, 'UTC')).toBe('01 Dec');
  });
});
