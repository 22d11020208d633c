/** Generic table paging (spec 000 §9): 10/25/50/100 rows, 25 by default, at most 10 page links. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_LINKS = 10;

/** The device dashboard's own choices: 5, 10, 15, 20 or None (all), 10 by default. */
export const DASHBOARD_PAGE_SIZE_OPTIONS = [5, 10, 15, 20, 'None'] as const;
export const DASHBOARD_DEFAULT_PAGE_SIZE = 10;

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** The page numbers (1-based) to link, a window of at most `max` around the current page. */
export function pageLinks(current: number, totalPages: number, max = MAX_PAGE_LINKS): number[] {
  const count = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}
