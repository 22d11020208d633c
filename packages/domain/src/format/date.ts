import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Date formats of spec 000 §9 (dayjs tokens). */
export const DATE_FORMATS = {
  default: 'DD MMM YY, hh:mm:ss',
  lastSeen: 'DD MMM YY, hh:mm A',
  commercial: 'D/M/YY',
} as const;

export const INVALID_DATE_TEXT = 'N/A';
export const MISSING_TEXT = 'Not Available';

// Both answers come from building an Intl formatter, which costs more than the formatting itself;
// a live table formats dates on every update. The browser's zone is asked again after a minute,
// so a laptop that travels still follows.
const GUESS_TTL_MS = 60_000;
let guessed: { zone: string; at: number } | null = null;
const knownZones = new Map<string, boolean>();

export function browserTimezone(): string {
  const now = Date.now();
  if (!guessed || now - guessed.at > GUESS_TTL_MS) guessed = { zone: dayjs.tz.guess(), at: now };
  return guessed.zone;
}

function isZone(zone: string): boolean {
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    valid = false;
  }
  knownZones.set(zone, valid);
  return valid;
}

/**
 * A date in the user's time zone (the browser's when the user has none, or an unknown one),
 * 'N/A' when the value is not a date.
 */
export function formatDate(value: string | number | Date | null | undefined, opts: { timezone?: string | null; format?: string } = {}): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE_TEXT;
  const d = dayjs(value);
  if (!d.isValid()) return INVALID_DATE_TEXT;
  const zone = opts.timezone && isZone(opts.timezone) ? opts.timezone : browserTimezone();
  return d.tz(zone).format(opts.format ?? DATE_FORMATS.default);
}

/** Missing text reads 'Not Available'. */
export function textOrNotAvailable(value: string | number | null | undefined): string {
  return value === null || value === undefined || String(value).trim() === '' ? MISSING_TEXT : String(value);
}
