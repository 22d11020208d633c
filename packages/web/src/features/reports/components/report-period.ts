import dayjs from 'dayjs';
import type { DateRangeValue } from '@netloom/domain';
import { rangeToInstants } from '@/lib/date-range-instants';

export const PERIODS = [
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom range' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

/**
 * The instants a report covers: the last n days up to now, or the picked range. A range that
 * reaches into the future stops at now: a report tells what happened.
 */
export function periodInstants(period: Period, custom: DateRangeValue, now = dayjs()): { from: string; to: string } | null {
  if (period !== 'custom') return { from: now.subtract(Number(period), 'day').toISOString(), to: now.toISOString() };
  const picked = rangeToInstants(custom, now);
  if (!picked) return null;
  const to = dayjs(picked.end_time).isAfter(now) ? now.toISOString() : picked.end_time;
  return { from: picked.start_time, to };
}
