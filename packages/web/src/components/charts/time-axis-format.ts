import { formatDate } from '@netloom/domain';

export type RecordDuration = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

/**
 * X-axis label format (dayjs tokens) by the granularity of the records: finer records need the
 * clock, coarser ones the calendar. Charts spanning days show the day next to the hour.
 */
const TIME_AXIS_FORMATS: Record<RecordDuration, string> = {
  seconds: 'HH:mm:ss',
  minutes: 'HH:mm',
  hours: 'DD MMM HH:mm',
  days: 'DD MMM',
  weeks: 'DD MMM',
  months: 'MMM YY',
  years: 'YYYY',
};

export function formatTimeAxisLabel(time: number, duration: RecordDuration, timezone?: string | null): string {
  return formatDate(time, { timezone, format: TIME_AXIS_FORMATS[duration] });
}

/** Timestamps arrive as epoch milliseconds or ISO strings; anything else is not a time. */
export function toEpochMs(value: number | string): number | null {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
