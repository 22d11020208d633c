/**
 * Availability over a report's period: how much of it a device or a WAN link was up. The alarm
 * history says it exactly (each row is a state change); where a subject has none, the device's
 * heartbeats stand in: each report vouches for the device until the next one is due.
 */

/** One stored state change of a subject (the alarm history's rows: 'Alerting' is down, 'OK' is up). */
export interface StateChange {
  at: Date;
  up: boolean;
}

export type AvailabilitySource = 'alarm history' | 'heartbeats' | 'no data';

export interface Availability {
  /** 0–100, or null when nothing is known of the subject in the period. */
  percentUp: number | null;
  downMs: number;
  source: AvailabilitySource;
}

const clamp = (t: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, t));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The share of [from, to) a subject was up, from its state when the period began (the last change
 * before it; up when there was none) and its changes inside the period, in any order.
 */
export function availabilityFromChanges(upAtStart: boolean, changes: readonly StateChange[], from: Date, to: Date): Availability {
  const start = from.getTime();
  const end = to.getTime();
  const span = end - start;
  if (span <= 0) return { percentUp: null, downMs: 0, source: 'alarm history' };
  const sorted = [...changes].sort((a, b) => a.at.getTime() - b.at.getTime());
  let up = upAtStart;
  let since = start;
  let downMs = 0;
  for (const c of sorted) {
    const at = clamp(c.at.getTime(), start, end);
    if (!up) downMs += at - since;
    since = at;
    up = c.up;
  }
  if (!up) downMs += end - since;
  return { percentUp: round2(((span - downMs) / span) * 100), downMs, source: 'alarm history' };
}

/**
 * The share of a period a device was heard from: each heartbeat covers `graceMs` after it (the time
 * after which the server calls a silent device offline). Heartbeats are kept only for a while, so
 * the share is of the part of [from, to) after `keptSince`; null when that part is empty or holds
 * no heartbeat at all (nothing is known, which is not the same as down).
 */
export function availabilityFromHeartbeats(samples: readonly Date[], from: Date, to: Date, graceMs: number, keptSince: Date = from): Availability {
  const start = Math.max(from.getTime(), keptSince.getTime());
  const end = to.getTime();
  const span = end - start;
  const times = samples
    .map((d) => d.getTime())
    .filter((t) => t >= start - graceMs && t < end)
    .sort((a, b) => a - b);
  if (span <= 0 || times.length === 0) return { percentUp: null, downMs: 0, source: 'no data' };
  let covered = 0;
  let reach = start;
  for (const t of times) {
    const s = Math.max(t, reach);
    const e = Math.min(t + graceMs, end);
    if (e > s) covered += e - s;
    reach = Math.max(reach, e);
  }
  return { percentUp: round2((covered / span) * 100), downMs: span - covered, source: 'heartbeats' };
}

/** The alarm history's states as up or down. */
export const isUpState = (state: string): boolean => state !== 'Alerting';
