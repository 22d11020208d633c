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

  it('keeps a cell a spreadsheet would run as a formula as text, in titles and rows alike', () => {
    const csv = toCsv([{ name: '=HYPERLINK("http://evil.example","x")', ip: '+1', note: '-2+3', who: '@SUM(A1)', tab: '\t=1', cr: '\r=1', n: -5 }], {
      titles: ['=Name', 'IP', 'Note', 'Who', 'Tab', 'CR', 'N'],
      keys: ['name', 'ip', 'note', 'who', 'tab', 'cr', 'n'],
    });
    expect(csv).toBe(`'=Name,IP,Note,Who,Tab,CR,N\r\n"'=HYPERLINK(""http://evil.example"",""x"")",'+1,'-2+3,'@SUM(A1),'\t=1,"'\r=1",-5`);
    // A list joined into one cell is one text: its start decides.
    expect(toCsv([{ groups: ['=cmd', 'ops'] }], { titles: ['Groups'], keys: ['groups'] })).toBe(`Groups\r\n"'=cmd, ops"`);
  });

  it('always parses a cell back to itself, a would-be formula behind an apostrophe', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const text = `${csvCell(a)},${csvCell(b)}`;
        const parsed = Papa.parse<string[]>(text, { newline: '\r\n', delimiter: ',' }).data;
        const shown = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
        expect(parsed[0]).toEqual([shown(a), shown(b)]);
        expect(parsed[0]!.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
