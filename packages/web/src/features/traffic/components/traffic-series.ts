import type { TrafficAnswer } from '@netloom/domain';

type Series = NonNullable<TrafficAnswer['series']>;

/** Past this many buckets the gaps are left to the line: a zero per second of a long raw window is no help. */
const MAX_FILLED_BUCKETS = 5_000;

export interface RateSeries {
  /** Bucket starts, epoch ms, ascending. */
  timestamp: number[];
  names: string[];
  /** Bytes per second over each bucket, aligned with `timestamp`. */
  values: number[][];
}

/**
 * Every bucket of the window, so a bucket without traffic is a zero on the chart rather than a
 * line drawn straight across it; the answer lists only buckets that hold bytes.
 */
function bucketGrid(answer: Pick<TrafficAnswer, 'from' | 'to' | 'bucket_seconds'>, listed: readonly number[]): number[] {
  const step = answer.bucket_seconds * 1000;
  const from = Math.floor(Date.parse(answer.from) / step) * step;
  const to = Date.parse(answer.to);
  if (!(step > 0) || !(to > from) || (to - from) / step > MAX_FILLED_BUCKETS) return [...listed];
  const grid = new Set(listed);
  for (let t = from; t < to; t += step) grid.add(t);
  return [...grid].sort((a, b) => a - b);
}

/**
 * An answer's series as rates (bytes per second over each bucket): totals per bucket would
 * change height with the bucket width the store picked for the window. `pick` chooses the
 * figures drawn for each key (both ways, or upload and download apart).
 */
export function toRates(
  answer: Pick<TrafficAnswer, 'from' | 'to' | 'bucket_seconds'> & { series?: Series },
  pick: (s: Series['series'][number]) => { name: string; values: readonly number[] }[],
): RateSeries {
  const series = answer.series;
  if (!series) return { timestamp: [], names: [], values: [] };
  const listed = series.buckets.map((b) => Date.parse(b));
  const timestamp = bucketGrid(answer, listed);
  const at = new Map(timestamp.map((t, i) => [t, i]));
  const names: string[] = [];
  const values: number[][] = [];
  for (const s of series.series) {
    for (const { name, values: bytes } of pick(s)) {
      const row = new Array<number>(timestamp.length).fill(0);
      listed.forEach((t, i) => {
        const j = at.get(t);
        if (j !== undefined) row[j] = (bytes[i] ?? 0) / answer.bucket_seconds;
      });
      names.push(name);
      values.push(row);
    }
  }
  return { timestamp, names, values };
}

/** How the time axis labels a window: the clock within a day, the day and hour over a few days, the day beyond. */
export function axisDuration(answer: Pick<TrafficAnswer, 'from' | 'to'>): 'minutes' | 'hours' | 'days' {
  const hours = (Date.parse(answer.to) - Date.parse(answer.from)) / 3_600_000;
  return hours <= 24 ? 'minutes' : hours <= 24 * 14 ? 'hours' : 'days';
}
