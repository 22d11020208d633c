import { describe, expect, it } from 'vitest';
import { localTime, scheduleActive, scheduleWindowSchema, webFilterScheduleSchema, type WebFilterSchedule } from './schedule';

const officeHours = (time_zone: string): WebFilterSchedule => ({
  time_zone,
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' }],
});
// 2024-03-04 is a Monday.
const at = (iso: string) => new Date(iso);

describe('web filter schedules', () => {
  it('no schedule means always', () => {
    expect(scheduleActive(null, at('2024-03-04T03:00:00Z'))).toBe(true);
    expect(scheduleActive(undefined, at('2024-03-09T23:59:00Z'))).toBe(true);
  });

  it('a window holds from its start up to, not including, its end', () => {
    const s = officeHours('UTC');
    expect(scheduleActive(s, at('2024-03-04T08:59:00Z'))).toBe(false);
    expect(scheduleActive(s, at('2024-03-04T09:00:00Z'))).toBe(true);
    expect(scheduleActive(s, at('2024-03-04T16:59:59Z'))).toBe(true);
    expect(scheduleActive(s, at('2024-03-04T17:00:00Z'))).toBe(false);
  });

  it('reads the window in its own time zone', () => {
    // 08:30 UTC is 09:30 in Berlin in winter (UTC+1).
    expect(scheduleActive(officeHours('UTC'), at('2024-03-04T08:30:00Z'))).toBe(false);
    expect(scheduleActive(officeHours('Europe/Berlin'), at('2024-03-04T08:30:00Z'))).toBe(true);
    // 16:30 UTC is 17:30 in Berlin: over there the day is done.
    expect(scheduleActive(officeHours('UTC'), at('2024-03-04T16:30:00Z'))).toBe(true);
    expect(scheduleActive(officeHours('Europe/Berlin'), at('2024-03-04T16:30:00Z'))).toBe(false);
  });

  it('follows daylight saving time', () => {
    // Summer: Berlin is UTC+2, so 07:30 UTC is 09:30 there (it would be 08:30 in winter).
    expect(scheduleActive(officeHours('Europe/Berlin'), at('2024-07-01T07:30:00Z'))).toBe(true);
    expect(scheduleActive(officeHours('Europe/Berlin'), at('2024-03-04T07:30:00Z'))).toBe(false);
    // The night the clocks go forward, 01:30 UTC is already 03:30 local.
    expect(localTime(at('2024-03-31T01:30:00Z'), 'Europe/Berlin')).toEqual({ day: 6, minute: 3 * 60 + 30 });
  });

  it('the weekday is the local one', () => {
    // Monday 23:30 UTC is Tuesday 00:30 in Berlin.
    expect(localTime(at('2024-03-04T23:30:00Z'), 'UTC')).toEqual({ day: 0, minute: 23 * 60 + 30 });
    expect(localTime(at('2024-03-04T23:30:00Z'), 'Europe/Berlin')).toEqual({ day: 1, minute: 30 });
    const mondaysOnly: WebFilterSchedule = { time_zone: 'Europe/Berlin', windows: [{ days: ['mon'], start: '00:00', end: '24:00' }] };
    expect(scheduleActive(mondaysOnly, at('2024-03-04T22:30:00Z'))).toBe(true);
    expect(scheduleActive(mondaysOnly, at('2024-03-04T23:30:00Z'))).toBe(false);
  });

  it('only the listed days', () => {
    const s: WebFilterSchedule = { time_zone: 'UTC', windows: [{ days: ['sat', 'sun'], start: '10:00', end: '12:00' }] };
    expect(scheduleActive(s, at('2024-03-09T11:00:00Z'))).toBe(true); // Saturday
    expect(scheduleActive(s, at('2024-03-10T11:00:00Z'))).toBe(true); // Sunday
    expect(scheduleActive(s, at('2024-03-08T11:00:00Z'))).toBe(false); // Friday
    expect(scheduleActive(s, at('2024-03-11T11:00:00Z'))).toBe(false); // Monday
  });

  it('an overnight window runs from the listed evening into the next morning', () => {
    const fridayNight: WebFilterSchedule = { time_zone: 'UTC', windows: [{ days: ['fri'], start: '22:00', end: '06:00' }] };
    expect(scheduleActive(fridayNight, at('2024-03-08T21:59:00Z'))).toBe(false); // Friday evening, before
    expect(scheduleActive(fridayNight, at('2024-03-08T23:00:00Z'))).toBe(true); // Friday night
    expect(scheduleActive(fridayNight, at('2024-03-09T05:59:00Z'))).toBe(true); // Saturday morning
    expect(scheduleActive(fridayNight, at('2024-03-09T06:00:00Z'))).toBe(false); // Saturday, over
    // The morning of the listed day belongs to the night before, which is not listed.
    expect(scheduleActive(fridayNight, at('2024-03-08T03:00:00Z'))).toBe(false);
    // Sunday night runs into Monday morning across the week's end.
    const sundayNight: WebFilterSchedule = { time_zone: 'UTC', windows: [{ days: ['sun'], start: '20:00', end: '02:00' }] };
    expect(scheduleActive(sundayNight, at('2024-03-11T01:00:00Z'))).toBe(true);
  });

  it('any window of several may hold', () => {
    const s: WebFilterSchedule = {
      time_zone: 'UTC',
      windows: [
        { days: ['mon'], start: '08:00', end: '09:00' },
        { days: ['mon'], start: '12:00', end: '13:00' },
      ],
    };
    expect(scheduleActive(s, at('2024-03-04T08:30:00Z'))).toBe(true);
    expect(scheduleActive(s, at('2024-03-04T12:30:00Z'))).toBe(true);
    expect(scheduleActive(s, at('2024-03-04T10:30:00Z'))).toBe(false);
  });

  it('refuses windows that say nothing clear', () => {
    const issue = (w: unknown) => scheduleWindowSchema.safeParse(w).error?.issues[0]?.message;
    expect(issue({ days: ['mon'], start: '09:00', end: '09:00' })).toBe('Start and end must differ');
    expect(issue({ days: [], start: '09:00', end: '10:00' })).toBe('Choose at least one day');
    expect(issue({ days: ['mon'], start: '9:00', end: '10:00' })).toBe('Use HH:MM (00:00 to 24:00)');
    expect(issue({ days: ['mon'], start: '24:01', end: '10:00' })).toBe('Use HH:MM (00:00 to 24:00)');
    expect(issue({ days: ['mon'], start: '00:00', end: '24:00' })).toBeUndefined();
    expect(webFilterScheduleSchema.safeParse({ time_zone: 'Mars/Olympus', windows: [{ days: ['mon'], start: '09:00', end: '10:00' }] }).success).toBe(false);
    expect(webFilterScheduleSchema.safeParse({ time_zone: 'UTC', windows: [] }).error?.issues[0]?.message).toBe('Add at least one time window');
  });
});
