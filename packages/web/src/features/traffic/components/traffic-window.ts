import { TRAFFIC_RANGES, type TrafficRangeMinutes } from '@netloom/domain';

/** The time a traffic chart covers: the last 1 h, 24 h or week, or a window picked on the calendar. */
export type TrafficWindow = { kind: 'last'; minutes: TrafficRangeMinutes } | { kind: 'between'; from: string; to: string };

/** The window's part of a traffic or flows call body. */
export function windowBody(w: TrafficWindow): { timeduration: TrafficRangeMinutes } | { from: string; to: string } {
  return w.kind === 'last' ? { timeduration: w.minutes } : { from: w.from, to: w.to };
}

export const isTrafficRange = (n: number): n is TrafficRangeMinutes => TRAFFIC_RANGES.some((r) => r.minutes === n);

export const rangeLabel = (minutes: TrafficRangeMinutes): string => TRAFFIC_RANGES.find((r) => r.minutes === minutes)?.label ?? `${minutes} min`;

/** When the window starts: what the flows' retention is compared with. */
export function windowStart(w: TrafficWindow, now = Date.now()): number {
  return w.kind === 'last' ? now - w.minutes * 60_000 : Date.parse(w.from);
}
