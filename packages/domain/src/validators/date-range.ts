import dayjs from 'dayjs';

/** The date range value of spec 001 §3: dates YYYY-MM-DD, times 24-hour HH:mm:ss. */
export interface DateRangeValue {
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
}

export const EMPTY_DATE_RANGE: DateRangeValue = { start_date: null, end_date: null, start_time: null, end_time: null };

export const DATE_RANGE_MESSAGES = {
  both: 'Cannot select both date and time ranges',
  none: 'Please select either a date range or a time range',
  start: 'Please enter a valid start date',
  end: 'Please enter a valid end date',
} as const;

export interface DateRangeRuleOptions {
  /** Earliest and latest allowed dates, YYYY-MM-DD. */
  minDate?: string | null;
  maxDate?: string | null;
  /**
   * On submit a choice is needed and half-made ranges count as missing. While the user is still
   * picking (start chosen, end not yet) those are left alone so the field does not nag.
   */
  submit?: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

// The regex alone accepts 2024-02-30; a real date formats back to itself.
export const isIsoDate = (v: string | null): v is string => !!v && DATE.test(v) && dayjs(v).format('YYYY-MM-DD') === v;
export const isTime24 = (v: string | null): v is string => !!v && TIME.test(v);

const inBounds = (d: string, min?: string | null, max?: string | null) => (!min || d >= min) && (!max || d <= max);

/** Which of the spec's four messages a date range value earns, or null when it is acceptable. */
export function dateRangeError(value: DateRangeValue, { minDate, maxDate, submit = false }: DateRangeRuleOptions = {}): string | null {
  const hasDate = !!(value.start_date || value.end_date);
  const hasTime = !!(value.start_time || value.end_time);
  if (hasDate && hasTime) return DATE_RANGE_MESSAGES.both;
  if (!hasDate && !hasTime) return submit ? DATE_RANGE_MESSAGES.none : null;

  if (hasTime) {
    const complete = isTime24(value.start_time) && isTime24(value.end_time);
    return complete || !submit ? null : DATE_RANGE_MESSAGES.none;
  }

  const { start_date: start, end_date: end } = value;
  // The start is picked first, so once any date is there a missing start is an error too.
  if (!isIsoDate(start) || !inBounds(start, minDate, maxDate)) return DATE_RANGE_MESSAGES.start;
  if (end !== null || submit) {
    if (!isIsoDate(end) || !inBounds(end, minDate, maxDate) || (isIsoDate(start) && end < start)) return DATE_RANGE_MESSAGES.end;
  }
  return null;
}

/** Stores a picker time as HH:mm:ss: the picker reports HH:mm when seconds are not shown. */
export function toTime24(time: string): string | null {
  if (time === '') return null;
  return /^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

/** A stored 24-hour time as the picker's 12-hour display, e.g. '14:30:00' → '02:30 PM'. */
export function formatTime12(time: string | null): string {
  if (!isTime24(time)) return '';
  return dayjs(`2000-01-01T${time}`).format('hh:mm A');
}
