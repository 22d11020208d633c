import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { EMPTY_DATE_RANGE } from '@netloom/domain';
import { periodInstants } from './report-period';

const now = dayjs('2026-11-27T10:30:00Z');

describe('a report period', () => {
  it('is the last n days up to now', () => {
    expect(periodInstants('1', EMPTY_DATE_RANGE, now)).toEqual({ from: '2026-11-26T10:30:00.000Z', to: '2026-11-27T10:30:00.000Z' });
    expect(periodInstants('30', EMPTY_DATE_RANGE, now)?.from).toBe('2026-10-28T10:30:00.000Z');
  });

  it('is a picked range of whole days, stopping at now when it reaches today', () => {
    const past = periodInstants('custom', { ...EMPTY_DATE_RANGE, start_date: '2026-11-01', end_date: '2026-11-02' }, now)!;
    expect(dayjs(past.to).diff(dayjs(past.from), 'hour')).toBe(47);
    expect(periodInstants('custom', { ...EMPTY_DATE_RANGE, start_date: '2026-11-20', end_date: '2026-11-27' }, now)?.to).toBe(now.toISOString());
    expect(periodInstants('custom', EMPTY_DATE_RANGE, now)).toBeNull();
  });
});
