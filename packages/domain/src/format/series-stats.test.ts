import { describe, expect, it } from 'vitest';
import { seriesStats } from './series-stats';

describe('seriesStats', () => {
  it('gives min, max, average and the last value as current', () => {
    expect(seriesStats([30, 10, 50, 20])).toEqual({ min: 10, max: 50, average: 27.5, current: 20 });
  });

  it('leaves out samples the device did not report instead of counting them as zero', () => {
    expect(seriesStats([null, 4, undefined, Number.NaN, 8])).toEqual({ min: 4, max: 8, average: 6, current: 8 });
  });

  it('takes the last reported value as current when the newest samples are missing', () => {
    expect(seriesStats([5, 7, null, null])?.current).toBe(7);
  });

  it('handles negative values and a single sample', () => {
    expect(seriesStats([-3, -1])).toEqual({ min: -3, max: -1, average: -2, current: -1 });
    expect(seriesStats([0])).toEqual({ min: 0, max: 0, average: 0, current: 0 });
  });

  it('has no stats for an empty series or one with only gaps', () => {
    expect(seriesStats([])).toBeNull();
    expect(seriesStats([null, undefined, Number.POSITIVE_INFINITY])).toBeNull();
  });
});
