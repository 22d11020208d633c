import { valueAt } from './sort';

export interface CsvSpec {
  titles: readonly string[];
  keys: readonly string[];
  /** Per column: the separator that joins an array value (e.g. ', '). */
  joins?: readonly (string | null)[];
  /** Per column: the field to take from each object of an array value (e.g. 'name'). */
  abstractions?: readonly (string | null)[];
}

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of a CSV file. Text a spreadsheet would run as a formula (a device named
 * `=HYPERLINK(…)`) gets a leading apostrophe, so it opens as the text it is; a cell that holds a
 * quote, comma or line break is quoted, its quotes doubled. Numbers stay numbers.
 */
export function csvCell(value: unknown): string {
  const raw = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function cellValue(row: unknown, spec: CsvSpec, column: number): unknown {
  const value = valueAt(row, spec.keys[column]!);
  if (!Array.isArray(value)) return value;
  const field = spec.abstractions?.[column];
  const items = field ? value.map((item) => valueAt(item, field)) : value;
  const join = spec.joins?.[column];
  return join !== undefined && join !== null ? items.join(join) : items.join(', ');
}

/**
 * The CSV text of a table, or null when the export must be silently skipped: titles and keys of
 * different lengths, or join/abstraction lists that do not match the columns (spec 000 §5).
 */
export function toCsv(rows: readonly unknown[], spec: CsvSpec): string | null {
  const n = spec.keys.length;
  if (spec.titles.length !== n) return null;
  if (spec.joins && spec.joins.length !== n) return null;
  if (spec.abstractions && spec.abstractions.length !== n) return null;
  const lines = [spec.titles.map(csvCell).join(',')];
  for (const row of rows) lines.push(spec.keys.map((_, i) => csvCell(cellValue(row, spec, i))).join(','));
  return lines.join('\r\n');
}
