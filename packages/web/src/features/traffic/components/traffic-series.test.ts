import { describe, expect, it } from 'vitest';
import { axisDuration, toRates } from './traffic-series';

const at = (m: number) => new Date(Date.UTC(2026, 0, 2, 10, m)).toISOString();

describe('traffic series as rates', () => {
  it('fills the buckets without traffic with zeros and divides each bucket by its width', () => {
    const rates = toRates(
      {
        from: at(0),
        to: at(4),
        bucket_seconds: 60,
        series: { buckets: [at(1), at(3)], series: [{ key: 'tcp', values: [600, 1200], out: [100, 200], in: [500, 1000] }] },
      },
      (s) => [
        { name: `${s.key} up`, values: s.out },
        { name: `${s.key} down`, values: s.in },
      ],
    );
    expect(rates.timestamp).toEqual([0, 1, 2, 3].map((m) => Date.parse(at(m))));
    expect(rates.names).toEqual(['tcp up', 'tcp down']);
    expect(rates.values[1]).toEqual([0, 500 / 60, 0, 1000 / 60]);
  });

  it('labels the axis with the clock within a day and the day beyond two weeks', () => {
    expect(axisDuration({ from: at(0), to: at(60) })).toBe('minutes');
    expect(axisDuration({ from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z' })).toBe('hours');
    expect(axisDuration({ from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' })).toBe('days');
  });
});
