/**
 * Top-N with the rest as 'Other', the way every traffic chart ranks (DESIGN.md "Analytics store"):
 *
 *   1. over the whole range, total per key (from the coarsest rollup that answers) and keep the
 *      top n: `topWithOther(totals, n)`;
 *   2. per time bucket, the series of those keys, everything else summed into 'Other':
 *      `seriesWithOther(points, keys)`.
 *
 * Ranking once over the range keeps a key's line continuous: ranking per bucket would move a key
 * in and out of 'Other' from one bucket to the next.
 */
export const OTHER_KEY = 'Other';

export interface Ranked {
  key: string;
  value: number;
}

/**
 * The n largest totals, largest first, then one 'Other' entry with the sum of the rest (left out
 * when that is zero). Ties are broken by key in code-unit order (not localeCompare, which depends
 * on the machine's locale), so the same totals always give the same chart. A key repeated in the
 * input is summed; an input key that is already 'Other' (unclassified traffic) is never ranked,
 * only added to the 'Other' entry, so the result holds each key once.
 */
export function topWithOther(totals: Iterable<readonly [string, number]>, n: number): Ranked[] {
  const summed = new Map<string, number>();
  for (const [key, value] of totals) summed.set(key, (summed.get(key) ?? 0) + value);
  let rest = summed.get(OTHER_KEY) ?? 0;
  summed.delete(OTHER_KEY);
  const ranked = [...summed].map(([key, value]) => ({ key, value })).sort(byValueThenKey);
  const kept = ranked.slice(0, Math.max(0, Math.floor(n)));
  for (const { value } of ranked.slice(kept.length)) rest += value;
  return rest === 0 ? kept : [...kept, { key: OTHER_KEY, value: rest }];
}

function byValueThenKey(a: Ranked, b: Ranked): number {
  if (a.value !== b.value) return b.value - a.value;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** The keys a ranking kept, for the second step (its 'Other' entry is not a key to ask for). */
export const rankedKeys = (ranked: readonly Ranked[]): string[] => ranked.filter((r) => r.key !== OTHER_KEY).map((r) => r.key);

export interface SeriesPoint<B extends string | number> {
  bucket: B;
  key: string;
  bytes: number;
}

export interface KeyedSeries<B extends string | number> {
  /** Every bucket that has data, ascending (ISO timestamps sort as text, epochs as numbers). */
  buckets: B[];
  /** One per kept key in the order given, then 'Other' when it has any bytes; `values[i]` is for `buckets[i]`, 0 when the key had none. */
  series: { key: string; values: number[] }[];
}

/**
 * Step 2: the points of a range as aligned series, one per kept key plus 'Other' for the rest.
 * Aligned arrays with zeros are what a stacked chart needs; a key with no bytes in the range still
 * gets its (all zero) series, so the legend matches the ranking.
 */
export function seriesWithOther<B extends string | number>(points: Iterable<SeriesPoint<B>>, keys: readonly string[]): KeyedSeries<B> {
  const kept = [...new Set(keys)].filter((k) => k !== OTHER_KEY);
  const index = new Map(kept.map((k, i) => [k, i]));
  const perBucket = new Map<B, number[]>();
  for (const p of points) {
    let row = perBucket.get(p.bucket);
    if (!row) perBucket.set(p.bucket, (row = new Array<number>(kept.length + 1).fill(0)));
    const i = index.get(p.key) ?? kept.length;
    row[i] = (row[i] ?? 0) + p.bytes;
  }
  const buckets = [...perBucket.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const column = (i: number) => buckets.map((b) => perBucket.get(b)?.[i] ?? 0);
  const series = kept.map((key, i) => ({ key, values: column(i) }));
  const other = column(kept.length);
  if (other.some((v) => v !== 0)) series.push({ key: OTHER_KEY, values: other });
  return { buckets, series };
}
