/** Table search (spec 000 §5): case-insensitive substring over every field to depth 5, never the `id` key. */
export const SEARCH_DEPTH = 5;

function matches(value: unknown, needle: string, depth: number): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'object') {
    if (depth >= SEARCH_DEPTH) return false;
    const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
    return entries.some(([key, v]) => key !== 'id' && matches(v, needle, depth + 1));
  }
  return String(value).toLowerCase().includes(needle);
}

export function rowMatches(row: object, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return matches(row, needle, 0);
}

export function searchRows<T extends object>(rows: readonly T[], term: string): T[] {
  return rows.filter((row) => rowMatches(row, term));
}

export const NO_MATCH_MESSAGE = 'No Matching Result(s).';
export const CLEAR_SEARCH_LABEL = 'Clear Search';
