import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGES as M, dateRangeError, EMPTY_DATE_RANGE, formatTime12, toTime24 } from './date-range';

const range = (start_date: string | null, end_date: string | null) => ({ ...EMPTY_DATE_RANGE, start_date, end_date });
const times = (start_time: string | null, end_time: string | null) => ({ ...EMPTY_DATE_RANGE, start_time, end_time });

describe('dateRangeError', () => {
  it('refuses a date range and a time range together', () => {
    expect(dateRangeError({ start_date: '2025-01-01', end_date: '2025-01-02', start_time: '09:00:00', end_time: null })).toBe(M.both);
  });

  it('asks for a choice only on submit', () => {
    expect(dateRangeError(EMPTY_DATE_RANGE)).toBeNull();
    expect(dateRangeError(EMPTY_DATE_RANGE, { submit: true })).toBe(M.none);
  });

  it('accepts a complete date range or time range', () => {
    expect(dateRangeError(range('2025-01-01', '2025-01-31'), { submit: true })).toBeNull();
    expect(dateRangeError(range('2025-01-01', '2025-01-01'), { submit: true })).toBeNull();
    expect(dateRangeError(times('22:00:00', '06:00:00'), { submit: true })).toBeNull();
  });

  it('treats a half-made time range as no choice on submit, and leaves it alone while picking', () => {
    expect(dateRangeError(times('09:00:00', null))).toBeNull();
    expect(dateRangeError(times('09:00:00', null), { submit: true })).toBe(M.none);
    expect(dateRangeError(times('25:00:00', '10:00:00'), { submit: true })).toBe(M.none);
  });

  it('names the start date when it is not a real date or outside the bounds', () => {
    expect(dateRangeError(range('2025-02-30', '2025-03-01'))).toBe(M.start);
    expect(dateRangeError(range('01/02/2025', '2025-03-01'))).toBe(M.start);
    expect(dateRangeError(range('2024-12-31', '2025-01-05'), { minDate: '2025-01-01' })).toBe(M.start);
    expect(dateRangeError(range('2025-01-01', '2025-01-05'), { minDate: '2025-01-01' })).toBeNull();
  });

  it('names the end date when it is missing on submit, before the start or past the maximum', () => {
    expect(dateRangeError(range('2025-01-05', null))).toBeNull();
    expect(dateRangeError(range('2025-01-05', null), { submit: true })).toBe(M.end);
    expect(dateRangeError(range('2025-01-05', '2025-01-04'))).toBe(M.end);
    expect(dateRangeError(range('2025-01-05', '2025-02-01'), { maxDate: '2025-01-31' })).toBe(M.end);
    expect(dateRangeError(range(null, '2025-01-04'))).toBe(M.start);
  });
});

describe('time conversion', () => {
  it('stores HH:mm:ss and shows hh:mm A', () => {
    expect(toTime24('14:30')).toBe('14:30:00');
    expect(toTime24('14:30:15')).toBe('14:30:15');
    expect(toTime24('')).toBeNull();
    expect(formatTime12('14:30:00')).toBe('02:30 PM');
    expect(formatTime12('00:05:00')).toBe('12:05 AM');
    expect(formatTime12('12:00:00')).toBe('12:00 PM');
  });
});
