import { describe, expect, it } from 'vitest';
import { countryByCode, COUNTRIES } from './countries';
import { TIME_ZONES, timeZoneOf } from './timezones';
import { BROWSERS, HTTP_STATUS_CODES, OPERATING_SYSTEMS, operatingSystemOf } from './lists';

describe('reference lists', () => {
  it('has about 250 countries with flags', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(countryByCode('in')).toMatchObject({ name: 'India', code: 'IN', flag: '🇮🇳', countryWithFlag: '🇮🇳 India' });
  });

  it('has about 100 time zones with offsets and IANA names', () => {
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(100);
    expect(timeZoneOf('Asia/Kolkata')).toMatchObject({ offset: 5.5 });
  });

  it('has the HTTP status codes with their names', () => {
    expect(HTTP_STATUS_CODES.find((s) => s.code === 404)).toEqual({ code: 404, codeStr: '404', name: 'Not Found', codeWithName: '404 Not Found' });
  });

  it('has the 5 operating systems and 6 browsers', () => {
    expect(OPERATING_SYSTEMS.map((o) => o.key)).toEqual(['windows', 'linux', 'macos', 'android', 'ios']);
    expect(operatingSystemOf('gnu/linux')?.key).toBe('linux');
    expect(BROWSERS).toHaveLength(6);
  });
});
