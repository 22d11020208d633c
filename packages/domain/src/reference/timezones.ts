import timezones from 'timezones.json';

export interface TimeZoneEntry {
  value: string;
  abbr: string;
  /** Hours from UTC, possibly fractional. */
  offset: number;
  isdst: boolean;
  text: string;
  /** IANA zone names. */
  utc: string[];
}

/** About 100 time zones from the timezones.json package (the spec's field names). */
export const TIME_ZONES: readonly TimeZoneEntry[] = timezones as TimeZoneEntry[];

/** The entry that names an IANA zone, for showing a user's stored zone. */
export const timeZoneOf = (iana: string): TimeZoneEntry | undefined => TIME_ZONES.find((z) => z.utc.includes(iana));
