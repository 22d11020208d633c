/*
 * Core Web Vitals as Google rates them (web.dev/articles/vitals): a value at or under the first
 * threshold is good, over the second is poor, in between needs improvement. The p75 of page loads is
 * what a site is judged on.
 */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

export interface VitalThresholds {
  good: number;
  poor: number;
}

export const VITAL_THRESHOLDS: Record<VitalName, VitalThresholds> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** CLS is a unitless layout-shift score; the others are milliseconds. */
export const vitalUnit = (name: VitalName): 'ms' | 'score' => (name === 'CLS' ? 'score' : 'ms');

/** The largest value a beacon may carry: an hour in milliseconds, a shift score of 100. */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 3_600_000, INP: 3_600_000, CLS: 100, FCP: 3_600_000, TTFB: 3_600_000 };

export function rateVital(name: VitalName, value: number): VitalRating {
  const t = VITAL_THRESHOLDS[name];
  if (value <= t.good) return 'good';
  return value > t.poor ? 'poor' : 'needs-improvement';
}

/*
 * Rollups keep a histogram per vital instead of the raw values, so a p75 over any window is a sum of
 * counts. The buckets are logarithmic (each 5% wider than the last), so the p75 read back is within
 * 2.5% of the true one at any scale, from a 3 ms TTFB to a 40 s LCP, with under 320 buckets. CLS is
 * bucketed in thousandths so that its 0.1 and 0.25 land as finely as milliseconds do.
 */
export const BUCKET_RATIO = 1.05;
const LOG_RATIO = Math.log(BUCKET_RATIO);
/** Highest bucket index: values above its lower edge all land in it. */
export const MAX_BUCKET = 320;

const scale = (name: VitalName): number => (name === 'CLS' ? 1000 : 1);

/**
 * The bucket of a scaled value: bucket 0 holds [0, 1], bucket k ≥ 1 holds (r^(k-1), r^k]. Exported for
 * the rollups and tests; use vitalBucket for a vital's value.
 */
export function bucketOf(value: number): number {
  if (!(value > 1)) return 0;
  // The epsilon keeps an exact power (r^k, with rounding) in its own bucket rather than the next.
  const k = Math.ceil(Math.log(value) / LOG_RATIO - 1e-9);
  return Math.min(MAX_BUCKET, Math.max(1, k));
}

/** The bucket of a vital's value (CLS in thousandths). */
export const vitalBucket = (name: VitalName, value: number): number => bucketOf(value * scale(name));

/** A bucket's edges in the vital's own unit: (lower, upper]. */
export function bucketBounds(name: VitalName, bucket: number): { lower: number; upper: number } {
  const s = scale(name);
  if (bucket <= 0) return { lower: 0, upper: 1 / s };
  return { lower: BUCKET_RATIO ** (bucket - 1) / s, upper: BUCKET_RATIO ** bucket / s };
}

/**
 * The q-quantile (0..1) of a histogram given as (bucket, count) pairs, interpolated linearly inside the
 * bucket it falls in; null for no samples. Rounded to the ms (to the thousandth for CLS).
 */
export function percentileFromBuckets(name: VitalName, buckets: readonly { bucket: number; count: number }[], q = 0.75): number | null {
  const sorted = buckets.filter((b) => b.count > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((n, b) => n + b.count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (const b of sorted) {
    if (seen + b.count >= rank) {
      const { lower, upper } = bucketBounds(name, b.bucket);
      const within = b.count === 0 ? 1 : (rank - seen) / b.count;
      return roundVital(name, lower + (upper - lower) * within);
    }
    seen += b.count;
  }
  const last = bucketBounds(name, sorted[sorted.length - 1]!.bucket);
  return roundVital(name, last.upper);
}

export const roundVital = (name: VitalName, value: number): number => (name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value));

/** The share (0..1) of good samples; null when there are none. */
export const goodShare = (good: number, samples: number): number | null => (samples > 0 ? good / samples : null);
