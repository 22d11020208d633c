import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bucketBounds, bucketOf, MAX_BUCKET, percentileFromBuckets, rateVital, vitalBucket } from './vitals';

describe('rating', () => {
  it('follows Google thresholds, the good one inclusive and the poor one exclusive', () => {
    expect(rateVital('LCP', 2500)).toBe('good');
    expect(rateVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateVital('LCP', 4000)).toBe('needs-improvement');
    expect(rateVital('LCP', 4001)).toBe('poor');
    expect(rateVital('INP', 200)).toBe('good');
    expect(rateVital('INP', 501)).toBe('poor');
    expect(rateVital('CLS', 0.1)).toBe('good');
    expect(rateVital('CLS', 0.25)).toBe('needs-improvement');
    expect(rateVital('CLS', 0.26)).toBe('poor');
    expect(rateVital('FCP', 1801)).toBe('needs-improvement');
    expect(rateVital('TTFB', 1801)).toBe('poor');
  });
});

describe('histogram buckets', () => {
  it('puts every value inside its bucket’s edges', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (v) => {
        const b = vitalBucket('LCP', v);
        const { lower, upper } = bucketBounds('LCP', b);
        expect(b).toBeLessThanOrEqual(MAX_BUCKET);
        if (b < MAX_BUCKET) expect(v <= upper * (1 + 1e-9) && (b === 0 || v > lower * (1 - 1e-9))).toBe(true);
      }),
    );
  });

  it('starts at 0 for sub-unit values and grows with the value', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(2500)).toBeLessThan(bucketOf(2700));
    expect(vitalBucket('CLS', 0.1)).toBe(bucketOf(100));
  });

  it('reads a p75 back within 2.5% of the exact one', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 500 + i * 7); // 500..7493 ms
    const exact = values[Math.ceil(0.75 * values.length) - 1]!;
    const counts = new Map<number, number>();
    for (const v of values) counts.set(vitalBucket('LCP', v), (counts.get(vitalBucket('LCP', v)) ?? 0) + 1);
    const p75 = percentileFromBuckets(
      'LCP',
      [...counts].map(([bucket, count]) => ({ bucket, count })),
    )!;
    expect(Math.abs(p75 - exact) / exact).toBeLessThan(0.025);
  });

  it('reads a CLS p75 in its own unit and nothing for no samples', () => {
    const p = percentileFromBuckets('CLS', [{ bucket: vitalBucket('CLS', 0.2), count: 4 }])!;
    expect(p).toBeGreaterThan(0.19);
    expect(p).toBeLessThanOrEqual(0.21);
    expect(percentileFromBuckets('LCP', [])).toBeNull();
  });
});
