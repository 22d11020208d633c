import { DEM_WINDOWS, type DemWindow } from '@/features/dem/hooks/dem-windows';

/** What a DEM read narrows to: a window ending now, and an application, user, location or network. */
export interface DemFilter {
  window: DemWindow;
  application_id?: string;
  user?: string;
  location?: string;
  network?: string;
}

/** Scores are live: the pages that show them read again this often. */
export const DEM_REFRESH_MS = 30_000;

/**
 * The query string of a read. The window ends when the read is made, not when the page opened:
 * results that arrive later fall inside it at the next refresh (the query key holds the window's
 * name, so a refresh is the same query).
 */
export function demQueryOf({ window, ...rest }: DemFilter, now = Date.now()): Record<string, string> {
  const ms = DEM_WINDOWS.find((w) => w.value === window)!.ms;
  const query: Record<string, string> = { start_time: new Date(now - ms).toISOString(), end_time: new Date(now).toISOString() };
  for (const [k, v] of Object.entries(rest)) if (v) query[k] = v;
  return query;
}
