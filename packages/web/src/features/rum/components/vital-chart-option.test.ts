import { describe, expect, it } from 'vitest';
import { VITAL_THRESHOLDS } from '@netloom/domain';
import { vitalOverTimeOption } from './vital-chart-option';
import { formatVital } from './vital-format';

describe("a vital's chart", () => {
  it("draws Google's bands under the p75: good up to the first threshold, then needs improvement, then poor", () => {
    const option = vitalOverTimeOption(
      'LCP',
      {
        step_seconds: 3600,
        points: [
          { at: '2026-11-30T09:00:00Z', p75: 2000, samples: 3, good_share: 1 },
          { at: '2026-11-30T10:00:00Z', p75: 9000, samples: 3, good_share: 0 },
        ],
      },
      VITAL_THRESHOLDS.LCP,
      'UTC',
    );
    const series = option.series as { name: string; stack?: string; data: (number | null)[] }[];
    expect(series.map((s) => s.name)).toEqual(['Good', 'Needs improvement', 'Poor', 'p75']);
    expect(series[0]!.data).toEqual([2500, 2500]);
    expect(series[1]!.data).toEqual([1500, 1500]);
    // The poor band reaches above the highest p75, so the line never leaves the bands.
    expect(2500 + 1500 + series[2]!.data[0]!).toBeGreaterThanOrEqual(9000);
    expect(series[3]!.data).toEqual([2000, 9000]);
  });

  it('reads CLS as a score and times in ms or s', () => {
    expect(formatVital('CLS', 0.25)).toBe('0.25');
    expect(formatVital('INP', 180.4)).toBe('180 ms');
    expect(formatVital('LCP', 3120)).toBe('3.12 s');
    expect(formatVital('LCP', null)).toBe('—');
  });
});
