// Pure rule behind the table under the time-series chart (spec 000 §2.18).

export interface SeriesStats {
  min: number;
  max: number;
  average: number;
  /** The last recorded value: what the link or device is doing now. */
  current: number;
}

export type SeriesValue = number | null | undefined;

/**
 * Min, max, average and current of one series. Gaps (null, undefined, NaN) are samples the
 * device did not report, so they are left out rather than counted as zero; a series with no
 * sample at all has no stats (null).
 */
export function seriesStats(values: readonly SeriesValue[]): SeriesStats | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  let current: number | undefined;
  for (const v of values) {
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
    count++;
    current = v;
  }
  if (count === 0 || current === undefined) return null;
  return { min, max, average: sum / count, current };
}
