/**
 * Table sort (spec 000 §5): empty values last, numbers numerically, then strings by the sum of the
 * numbers in them ('eth10' after 'eth2', '10.0.0.10' after '10.0.0.2'), then dates, then natural
 * string order. A date-shaped string (ISO 8601 or the console's 'DD MMM YY, hh:mm…' formats) is
 * ranked as a date before the digit-sum step looks at it: a date column summed digit by digit
 * would not be chronological. Every value gets a sort key compared lexicographically, so the
 * order stays total and transitive even in columns that mix kinds.
 */
export type SortDirection = 'asc' | 'dsc';

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });
const NUMERIC = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

export const isEmptyValue = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));

interface SortKey {
  /** 0 numbers, 1 dates, 2 strings with digits, 3 other strings. */
  kind: 0 | 1 | 2 | 3;
  /** The number, the time in ms, or the digit sum. */
  number: number;
  text: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DISPLAY_DATE = /^(\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{2}), (\d{2}):(\d{2})(?::(\d{2}))?(?: (AM|PM))?$/;

/** Milliseconds of a date-shaped string, or null. */
export function parseSortableDate(text: string): number | null {
  if (ISO_DATE.test(text)) {
    const t = Date.parse(text);
    return Number.isNaN(t) ? null : t;
  }
  const m = DISPLAY_DATE.exec(text);
  if (!m) return null;
  const [, dd, mon, yy, hh, mm, ss, ampm] = m;
  let hour = Number(hh);
  if (ampm) hour = (hour % 12) + (ampm === 'PM' ? 12 : 0);
  return Date.UTC(2000 + Number(yy), MONTHS.indexOf(mon!), Number(dd), hour, Number(mm), Number(ss ?? 0));
}

const digitSum = (s: string): number => (s.match(/\d+/g) ?? []).reduce((sum, n) => sum + Number(n), 0);

function sortKey(value: unknown): SortKey {
  if (typeof value === 'number') return { kind: 0, number: value, text: '' };
  if (value instanceof Date) return { kind: 1, number: value.getTime(), text: '' };
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value).trim();
  if (NUMERIC.test(text)) return { kind: 0, number: Number(text), text };
  const time = parseSortableDate(text);
  if (time !== null) return { kind: 1, number: time, text };
  if (/\d/.test(text)) return { kind: 2, number: digitSum(text), text };
  return { kind: 3, number: 0, text };
}

function compareKeys(a: SortKey, b: SortKey): number {
  return a.kind - b.kind || a.number - b.number || collator.compare(a.text, b.text);
}

/** Compares two cell values; empty values sort last in both directions. */
export function compareValues(a: unknown, b: unknown, direction: SortDirection = 'asc'): number {
  const emptyA = isEmptyValue(a);
  const emptyB = isEmptyValue(b);
  if (emptyA || emptyB) return Number(emptyA) - Number(emptyB);
  const order = compareKeys(sortKey(a), sortKey(b));
  return direction === 'asc' ? order : -order;
}

/** A sorted copy; rows equal in the column keep their order. Each value's key is worked out once. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => unknown, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => {
      const v = value(row);
      const empty = isEmptyValue(v);
      return { row, index, empty, key: empty ? null : sortKey(v) };
    })
    .sort((x, y) => {
      if (x.empty || y.empty) return Number(x.empty) - Number(y.empty) || x.index - y.index;
      return sign * compareKeys(x.key!, y.key!) || x.index - y.index;
    })
    .map((x) => x.row);
}

/** Reads a dotted path ('wan.0.name') of a row. */
export function valueAt(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), row);
}
