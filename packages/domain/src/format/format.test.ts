import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDate, textOrNotAvailable } from './date';
import { bytesToMegabytes, commercialTotal, formatAxisValue, formatBytes, formatRupees } from './numbers';
import { ownerName, truncateName } from './text';

describe('dates', () => {
  const instant = '2026-11-21T14:05:09Z';
  it('shows the default and last-seen formats in the user’s time zone', () => {
    expect(formatDate(instant, { timezone: 'Asia/Kolkata' })).toBe('21 Nov 26, 07:35:09');
    expect(formatDate(instant, { timezone: 'America/New_York', format: DATE_FORMATS.lastSeen })).toBe('21 Nov 26, 09:05 AM');
    expect(formatDate(instant, { timezone: 'UTC', format: DATE_FORMATS.commercial })).toBe('21/11/26');
  });

  it('falls back to the browser zone for no zone or an unknown one', () => {
    expect(formatDate(instant, { timezone: 'Mars/Olympus' })).toBe(formatDate(instant, { timezone: null }));
  });

  it('says N/A for what is not a date and Not Available for missing text', () => {
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate(null)).toBe('N/A');
    expect(textOrNotAvailable('')).toBe('Not Available');
    expect(textOrNotAvailable(undefined)).toBe('Not Available');
    expect(textOrNotAvailable(0)).toBe('0');
  });
});

describe('numbers', () => {
  it('scales table bytes by 1024 with one decimal', () => {
    expect(formatBytes(0)).toBe('0.0 B');
    expect(formatBytes(1023)).toBe('1023.0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
    // Just under a unit rounds up into it rather than reading '1024.0 KB'.
    expect(formatBytes(1_048_575)).toBe('1.0 MB');
    expect(bytesToMegabytes(2_500_000)).toBe(2.5);
  });

  it('labels chart axes by their type', () => {
    expect(formatAxisValue(64, 'bitrate')).toBe('512 bps');
    expect(formatAxisValue(2048, 'bitrate')).toBe('16.38 Kbps');
    expect(formatAxisValue(437_500, 'bitrate')).toBe('3.50 Mbps');
    expect(formatAxisValue(12.34567, 'cpu')).toBe('12.35%');
    expect(formatAxisValue(12.34567, 'dropRate', 'tooltip')).toBe('12.346%');
    expect(formatAxisValue(40, 'ms')).toBe('40 ms');
    expect(formatAxisValue(50 / 3, 'ms')).toBe('16.67 ms');
    expect(formatAxisValue(2 / 3, 'no-suffix')).toBe('0.67');
  });

  it('sums commercial amounts as integers and shows rupees', () => {
    expect(commercialTotal(['100', 250.9, null, 'x', '49.5'])).toBe(399);
    expect(formatRupees(123456)).toBe('₹1,23,456');
  });
});

describe('text', () => {
  it('cuts names past 15 characters, or 10 on the device button', () => {
    expect(truncateName('Branch-Office-Paris-01')).toBe('Branch-Office-P...');
    expect(truncateName('Short name')).toBe('Short name');
    expect(truncateName('Branch-Office', 10)).toBe('Branch-Off...');
    expect(truncateName(null)).toBe('');
  });

  it('shows the owner before the @', () => {
    expect(ownerName('olivia@acme.test')).toBe('olivia');
  });
});
