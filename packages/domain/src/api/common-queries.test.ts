import { describe, expect, it } from 'vitest';
import { isTimeZone, timeZoneSchema } from './common-queries';

describe('time zones', () => {
  it('accepts IANA zones only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneSchema.safeParse(' Asia/Kolkata ').data).toBe('Asia/Kolkata');
    expect(timeZoneSchema.safeParse('Nowhere/City').error?.issues[0]?.message).toBe('Choose a valid time zone.');
  });
});
