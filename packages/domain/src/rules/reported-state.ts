import { ONLINE_STATUSES, effectiveStatus, type StatusInput } from './device-status';

/** What a page shows instead of a reported state it cannot vouch for. */
export const UNKNOWN_STATE = 'unknown';

const REACHABLE = new Set<string>(ONLINE_STATUSES);

/**
 * Whether the server is in touch with a device now: a status the offline sweep has not turned into
 * 'error' (gateway) or 'offline' (endpoint), and a device that was seen at all.
 */
export const isReachable = (device: StatusInput): boolean => REACHABLE.has(effectiveStatus(device));

/**
 * The state a tenant-wide page shows for something a device reported (a WAN link 'up', a BGP
 * neighbour 'Established'). While the device is reachable its newest report stands. Once it is
 * not, every report it made is older than the silence: the link or session may have gone down
 * with the device, so the page says unknown (beside the report's age) rather than showing a
 * healthy state nobody has seen since.
 */
export function shownReportedState(reported: string, device: { reachable: boolean }): string {
  return device.reachable ? reported : UNKNOWN_STATE;
}

/** How long ago a report was made, as a table cell reads it: '40 s ago', '14 min ago', '3 h ago', '2 d ago'. */
export function reportAge(at: string | null | undefined, now: number): string {
  const t = at ? Date.parse(at) : Number.NaN;
  if (!Number.isFinite(t)) return '–';
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} d ago`;
}
