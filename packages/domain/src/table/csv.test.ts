import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  const rows = [
    { name: 'Branch, Paris', users: [{ name: 'ana' }, { name: 'bo' }], note: 'says "hi"' },
    { name: 'Pune', users: [], note: 'line1\nline2' },
  ];

  it('writes titles then rows, quoting cells with quotes, commas or line breaks', () => {
    const csv = toCsv(rows, {
      titles: ['Device Name', 'Users', 'Note'],
      keys: ['name', 'users', 'note'],
      abstractions: [null, 'name', null],
      joins: [null, ' | ', null],
    });
    expect(csv).toBe('Device Name,Users,Note\r\n"Branch, Paris",ana | bo,"says ""hi"""\r\nPune,,"line1\nline2"');
  });

  it('silently skips the export when titles and keys, or the join and abstraction lists, do not line up', () => {
    expect(toCsv(rows, { titles: ['a'], keys: ['name', 'note'] })).toBeNull();
    expect(toCsv(rows, { titles: ['a', 'b'], keys: ['name', 'note'], joins: [', '] })).toBeNull();
    expect(toCsv(rows, { titles: ['a', 'b'], keys: ['name', 'note'], abstractions: [null, null, null] })).toBeNull();
  });

  it('always parses a cell back to itself', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const text = `${csvCell(a)},${csvCell(b)}`;
        const parsed = Papa.parse<string[]>(text, { newline: '\r\n', delimiter: ',' }).data;
        expect(parsed[0]).toEqual([a, b]);
      }),
      { numRuns: 500 },
    );
  });
});
