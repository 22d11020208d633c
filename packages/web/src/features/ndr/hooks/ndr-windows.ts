import { NDR_WINDOW_MAX_DAYS } from '@netloom/domain';

/** The windows an NDR page looks back over, ending now (the server answers at most 30 days). */
export const NDR_WINDOWS = [
  { value: '1h', label: '1 hour', ms: 3_600_000 },
  { value: '24h', label: '24 hours', ms: 86_400_000 },
  { value: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: '30 days', ms: NDR_WINDOW_MAX_DAYS * 86_400_000 },
] as const;
export type NdrWindow = (typeof NDR_WINDOWS)[number]['value'];
const DEFAULT_NDR_WINDOW: NdrWindow = '24h';

export const ndrWindowOf = (value: string | null): NdrWindow => NDR_WINDOWS.find((w) => w.value === value)?.value ?? DEFAULT_NDR_WINDOW;

/**
 * The window's start and end as the server reads them. It ends when the read is made, not when
 * the page opened: the query key holds the window's name, so a refresh is the same query.
 */
export function ndrWindowQuery(window: NdrWindow, now = Date.now()): { start_time: string; end_time: string } {
  const ms = NDR_WINDOWS.find((w) => w.value === window)!.ms;
  return { start_time: new Date(now - ms).toISOString(), end_time: new Date(now).toISOString() };
}

/** Detections arrive as the engine steps over the evidence: the pages that show them read again this often. */
export const NDR_REFRESH_MS = 30_000;
