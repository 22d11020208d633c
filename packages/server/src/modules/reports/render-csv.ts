import { toCsv, type ReportContent } from '@netloom/domain';

/** The report's CSV: its `csv` table, a header row and one row per item (toCsv keeps formulas as text); a BOM so spreadsheets read UTF-8. */
export function renderCsv(content: ReportContent): Buffer {
  const { columns, rows } = content.csv;
  const text = toCsv(rows, { titles: columns.map((c) => c.title), keys: columns.map((c) => c.key) }) ?? '';
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}
