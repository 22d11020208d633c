import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareValues, sortRows } from './sort';

const sorted = (values: unknown[], dir: 'asc' | 'dsc' = 'asc') => sortRows(values, (v) => v, dir);

describe('table sort', () => {
  it('puts empty values last in both directions', () => {
    expect(sorted([3, null, 1, '', undefined, 2])).toEqual([1, 2, 3, null, '', undefined]);
    expect(sorted([3, null, 1, 2], 'dsc')).toEqual([3, 2, 1, null]);
  });

  it('sorts numbers, numeric strings included, numerically', () => {
    expect(sorted(['10', 9, '100', 1.5])).toEqual([1.5, 9, '10', '100']);
  });

  it('sorts strings with numbers in them by the sum of those numbers', () => {
    expect(sorted(['eth10', 'eth2', 'eth1'])).toEqual(['eth1', 'eth2', 'eth10']);
    expect(sorted(['10.0.0.10', '10.0.0.2'])).toEqual(['10.0.0.2', '10.0.0.10']);
  });

  it('sorts dates chronologically, in ISO and in the console format', () => {
    expect(sorted(['2026-03-01T10:00:00Z', '2025-12-31T23:59:00Z'])).toEqual(['2025-12-31T23:59:00Z', '2026-03-01T10:00:00Z']);
    expect(sorted(['02 Jan 26, 09:00 AM', '01 Jan 26, 11:00 PM', '01 Jan 26, 10:00 AM'])).toEqual([
      '01 Jan 26, 10:00 AM',
      '01 Jan 26, 11:00 PM',
      '02 Jan 26, 09:00 AM',
    ]);
  });

  it('sorts plain text in natural order, ignoring case', () => {
    expect(sorted(['beta', 'Alpha', 'gamma'])).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sorted(['beta', 'Alpha', 'gamma'], 'dsc')).toEqual(['gamma', 'beta', 'Alpha']);
  });

  it('is a total order on any mix of values', () => {
    const value = fc.oneof(fc.integer(), fc.string(), fc.constantFrom(null, '', 'eth2', 'eth10', '2026-01-01', '01 Jan 26, 10:00 AM', '10.0.0.1'));
    fc.assert(
      fc.property(value, value, value, (a, b, c) => {
        // antisymmetric
        expect(Math.sign(compareValues(a, b))).toBe(-Math.sign(compareValues(b, a)) || 0);
        // transitive
        if (compareValues(a, b) <= 0 && compareValues(b, c) <= 0) expect(compareValues(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });
});
