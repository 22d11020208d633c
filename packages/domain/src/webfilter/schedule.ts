import { z } from 'zod';
import { timeZoneSchema } from '../api/common-queries';
import { statingRules } from '../validators/documented';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:MM (00:00 to 24:00)');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A weekly window in the schedule's time zone. `start` before `end`: that part of each listed day.
 * `start` after `end`: from `start` on a listed day to `end` the next morning (a night shift).
 * `start` equal to `end` is refused: it would read as both "never" and "all day".
 */
export const scheduleWindowSchema = statingRules(
  z
    .object({
      days: z.array(z.enum(WEEKDAYS)).min(1, 'Choose at least one day').max(7),
      start: clock,
      end: clock,
    })
    .refine((w) => w.start !== w.end, { message: 'Start and end must differ', path: ['end'] }),
  ['Start and end must differ'],
);
export type ScheduleWindow = z.infer<typeof scheduleWindowSchema>;

export const webFilterScheduleSchema = z.object({
  time_zone: timeZoneSchema,
  windows: z.array(scheduleWindowSchema).min(1, 'Add at least one time window').max(20),
});
export type WebFilterSchedule = z.infer<typeof webFilterScheduleSchema>;

/** Local weekday and minute of the day in a time zone; formatters are made once per zone (hot path). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_OF: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/**
 * The last answer per zone, by minute since the epoch: a device asks about many requests a minute,
 * and every zone's offset has been whole minutes since 1972, so the answer holds for the minute.
 */
const lastAnswers = new Map<string, { epochMinute: number; day: number; minute: number }>();

export function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  const epochMinute = Math.floor(at.getTime() / 60_000);
  const last = lastAnswers.get(timeZone);
  if (last?.epochMinute === epochMinute) return { day: last.day, minute: last.minute };
  const answer = formattedLocalTime(at, timeZone);
  lastAnswers.set(timeZone, { epochMinute, ...answer });
  return answer;
}

function formattedLocalTime(at: Date, timeZone: string): { day: number; minute: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of f.formatToParts(at)) {
    if (part.type === 'weekday') day = WEEKDAY_OF[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

/** Whether a schedule's windows hold the moment; no schedule means always. */
export function scheduleActive(schedule: WebFilterSchedule | null | undefined, at: Date): boolean {
  if (!schedule) return true;
  const { day, minute } = localTime(at, schedule.time_zone);
  return schedule.windows.some((w) => {
    const start = minutesOf(w.start);
    const end = minutesOf(w.end);
    const days = w.days.map((d) => WEEKDAYS.indexOf(d));
    if (start < end) return days.includes(day) && minute >= start && minute < end;
    // Overnight: the evening of a listed day, or the morning after it.
    return (days.includes(day) && minute >= start) || (days.includes((day + 6) % 7) && minute < end);
  });
}
