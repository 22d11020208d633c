import { toCsv, type ReportContent } from '@netloom/domain';

/** A cell a spreadsheet would run as a formula is kept as text (as the log exports do). */
const defuse = (v: unknown) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The report's CSV: its `csv` table, a header row and one row per item; a BOM so spreadsheets read UTF-8. */
export function renderCsv(content: ReportContent): Buffer {
  const { columns, rows } = content.csv;
  const cells = rows.map((r) => Object.fromEntries(columns.map((c) => [c.key, defuse(r[c.key])])));
  const text = toCsv(cells, { titles: columns.map((c) => c.title), keys: columns.map((c) => c.key) }) ?? '';
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}
