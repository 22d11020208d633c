import { describe, expect, it } from 'vitest';
import { formatAxisValue } from './numbers';
import { counterRates, formatBitRate, latestRates } from './rates';

const t0 = Date.parse('2026-11-21T10:00:00Z');
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

describe('counterRates', () => {
  it('divides each delta by the seconds between readings, first sample has no rate', () => {
    expect(
      counterRates([
        { at: at(0), value: 1000 },
        { at: at(5), value: 6000 },
        { at: at(10), value: 6000 },
      ]),
    ).toEqual([null, 1000, 0]);
  });

  it('accepts epoch milliseconds', () => {
    expect(
      counterRates([
        { at: t0, value: 0 },
        { at: t0 + 2000, value: 4096 },
      ]),
    ).toEqual([null, 2048]);
  });

  it('restarts from zero when the counter goes down', () => {
    expect(
      counterRates([
        { at: at(0), value: 9_000_000 },
        { at: at(10), value: 500 },
        { at: at(20), value: 1500 },
      ]),
    ).toEqual([null, 50, 100]);
  });

  it('leaves a gap next to a missing reading or a clock that did not advance', () => {
    expect(
      counterRates([
        { at: at(0), value: 100 },
        { at: at(5), value: null },
        { at: at(10), value: 300 },
        { at: at(10), value: 400 },
        { at: 'not a date', value: 500 },
      ]),
    ).toEqual([null, null, null, null, null]);
  });

  it('returns nothing for no samples', () => {
    expect(counterRates([])).toEqual([]);
  });
});

describe('latestRates', () => {
  it('keeps the last n rates, gaps as zero, without the leading sample', () => {
    expect(latestRates([null, 1, null, 3, 4], 3)).toEqual([0, 3, 4]);
    expect(latestRates([null, 5], 20)).toEqual([5]);
  });
});

describe('traffic rates as network admins read them', () => {
  it('are bits per second (bytes × 8) in steps of 1000', () => {
    expect(formatBitRate(0)).toBe('0 bps');
    expect(formatBitRate(100)).toBe('800 bps');
    expect(formatBitRate(125)).toBe('1 Kbps');
    expect(formatBitRate(125_000)).toBe('1 Mbps');
    expect(formatBitRate(8_000_000 / 60)).toBe('1.07 Mbps');
    expect(formatBitRate(1.25e9)).toBe('10 Gbps');
    expect(formatBitRate(1.25e12)).toBe('10 Tbps');
  });

  it('a byte rate of 1024 per second is 8.19 Kbps, not 1 Kbps', () => {
    expect(formatBitRate(1024)).toBe('8.19 Kbps');
    expect(formatAxisValue(1024, 'bitrate')).toBe('8.19 Kbps');
  });

  it('picks the unit after rounding, keeps the sign and shows no rate for a non-number', () => {
    expect(formatBitRate(999_999 / 8)).toBe('1 Mbps');
    expect(formatBitRate(-250)).toBe('-2 Kbps');
    expect(formatBitRate(Number.NaN)).toBe('-');
  });
});
