import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rowMatches, searchRows } from './search';

const rows = [
  { id: 'edge-7', name: 'Branch Paris', wan: [{ name: 'WAN1', isp: { name: 'Orange' } }] },
  { id: 'x1', name: 'Branch Pune', wan: [{ name: 'WAN1', isp: { name: 'Jio' } }] },
];

describe('table search', () => {
  it('matches any field case-insensitively, nested values included', () => {
    expect(searchRows(rows, 'paris').map((r) => r.name)).toEqual(['Branch Paris']);
    expect(searchRows(rows, 'JIO').map((r) => r.name)).toEqual(['Branch Pune']);
    expect(searchRows(rows, 'branch')).toHaveLength(2);
    expect(searchRows(rows, '   ')).toHaveLength(2);
  });

  it('never matches on the id key', () => {
    expect(searchRows(rows, 'edge-7')).toHaveLength(0);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        (id) => {
          expect(rowMatches({ id, other: '' }, id)).toBe(false);
        },
      ),
    );
  });

  it('looks 5 levels deep and no deeper', () => {
    const nested = (depth: number) => {
      let v: unknown = 'needle';
      for (let i = 0; i < depth; i++) v = { k: v };
      return v as object;
    };
    expect(rowMatches(nested(5), 'needle')).toBe(true);
    expect(rowMatches(nested(6), 'needle')).toBe(false);
  });
});
