import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OTHER_KEY, rankedKeys, seriesWithOther, topWithOther } from './top-n';

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
// Small key alphabet so that repeats, ties and an input 'Other' all happen.
const key = fc.oneof(fc.constantFrom('a', 'b', 'c', 'd', 'e', OTHER_KEY), fc.string({ maxLength: 3 }));
const totals = fc.array(fc.tuple(key, fc.integer({ min: 0, max: 1e9 })), { maxLength: 40 });
const n = fc.integer({ min: 0, max: 12 });

/** The input summed per key, as the ranking sees it. */
function summed(entries: [string, number][]) {
  const m = new Map<string, number>();
  for (const [k, v] of entries) m.set(k, (m.get(k) ?? 0) + v);
  return m;
}

describe('topWithOther', () => {
  it('keeps the n largest, then Other with the rest', () => {
    const ranked = topWithOther(
      [
        ['ssh', 5],
        ['https', 100],
        ['dns', 20],
        ['zoom', 50],
      ],
      2,
    );
    expect(ranked).toEqual([
      { key: 'https', value: 100 },
      { key: 'zoom', value: 50 },
      { key: OTHER_KEY, value: 25 },
    ]);
    expect(rankedKeys(ranked)).toEqual(['https', 'zoom']);
  });

  it('breaks ties by key, leaves Other out when nothing is left, and is empty for no data', () => {
    expect(
      topWithOther(
        [
          ['b', 1],
          ['a', 1],
          ['c', 1],
        ],
        2,
      ),
    ).toEqual([
      { key: 'a', value: 1 },
      { key: 'b', value: 1 },
      { key: OTHER_KEY, value: 1 },
    ]);
    expect(topWithOther([['a', 3]], 10)).toEqual([{ key: 'a', value: 3 }]);
    expect(topWithOther([], 10)).toEqual([]);
  });

  it('never ranks an input Other: unclassified traffic joins the rest', () => {
    expect(
      topWithOther(
        [
          [OTHER_KEY, 1000],
          ['a', 10],
          ['b', 5],
        ],
        1,
      ),
    ).toEqual([
      { key: 'a', value: 10 },
      { key: OTHER_KEY, value: 1005 },
    ]);
  });

  it('preserves the sum, holds at most n + 1 distinct entries, and keeps every key at least as large as any dropped', () => {
    fc.assert(
      fc.property(totals, n, (entries, count) => {
        const ranked = topWithOther(entries, count);
        expect(sum(ranked.map((r) => r.value))).toBe(sum(entries.map(([, v]) => v)));
        expect(ranked.length).toBeLessThanOrEqual(count + 1);
        expect(new Set(ranked.map((r) => r.key)).size).toBe(ranked.length);
        const kept = rankedKeys(ranked);
        expect(kept.length).toBeLessThanOrEqual(count);
        const all = summed(entries);
        const dropped = [...all].filter(([k]) => k !== OTHER_KEY && !kept.includes(k));
        for (const k of kept) for (const [, v] of dropped) expect(all.get(k)).toBeGreaterThanOrEqual(v);
      }),
    );
  });

  it('gives the same ranking whatever the input order', () => {
    fc.assert(
      fc.property(
        totals.chain((e) => fc.tuple(fc.constant(e), fc.shuffledSubarray(e, { minLength: e.length, maxLength: e.length }))),
        n,
        ([entries, shuffled], count) => {
          expect(topWithOther(shuffled, count)).toEqual(topWithOther(entries, count));
        },
      ),
    );
  });
});

describe('seriesWithOther', () => {
  it('aligns one series per kept key and sums the rest into Other, per bucket', () => {
    const points = [
      { bucket: '2025-03-01T10:01:00Z', key: 'https', bytes: 10 },
      { bucket: '2025-03-01T10:00:00Z', key: 'https', bytes: 5 },
      { bucket: '2025-03-01T10:00:00Z', key: 'dns', bytes: 1 },
      { bucket: '2025-03-01T10:00:00Z', key: 'ssh', bytes: 2 },
      { bucket: '2025-03-01T10:01:00Z', key: OTHER_KEY, bytes: 4 },
    ];
    expect(seriesWithOther(points, ['https', 'zoom'])).toEqual({
      buckets: ['2025-03-01T10:00:00Z', '2025-03-01T10:01:00Z'],
      series: [
        { key: 'https', values: [5, 10] },
        { key: 'zoom', values: [0, 0] },
        { key: OTHER_KEY, values: [3, 4] },
      ],
    });
  });

  it('sorts numeric buckets as numbers and leaves Other out when nothing is left', () => {
    const points = [
      { bucket: 1000, key: 'a', bytes: 1 },
      { bucket: 200, key: 'a', bytes: 2 },
    ];
    expect(seriesWithOther(points, ['a', OTHER_KEY])).toEqual({ buckets: [200, 1000], series: [{ key: 'a', values: [2, 1] }] });
    expect(seriesWithOther([], ['a'])).toEqual({ buckets: [], series: [{ key: 'a', values: [] }] });
  });

  it('preserves every bucket’s total', () => {
    const point = fc.record({ bucket: fc.integer({ min: 0, max: 5 }), key, bytes: fc.integer({ min: 0, max: 1e9 }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 60 }), fc.array(key, { maxLength: 6 }), (points, keys) => {
        const { buckets, series } = seriesWithOther(points, keys);
        buckets.forEach((b, i) => {
          expect(sum(series.map((s) => s.values[i] ?? 0))).toBe(sum(points.filter((p) => p.bucket === b).map((p) => p.bytes)));
        });
        expect(new Set(buckets)).toEqual(new Set(points.map((p) => p.bucket)));
      }),
    );
  });
});
