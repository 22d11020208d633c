import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng';
import { advanceCounters, busySeconds, dailyCurve, localHour, type Counters } from './traffic';

describe('traffic curve', () => {
  it('is busy in office hours and quiet at night', () => {
    expect(dailyCurve(14)).toBeGreaterThan(0.8);
    expect(dailyCurve(3)).toBeLessThan(0.15);
    expect(dailyCurve(3)).toBeGreaterThan(0);
    for (let h = 0; h < 24; h += 0.25) expect(dailyCurve(h)).toBeLessThanOrEqual(1);
  });

  it('follows the local hour of the longitude', () => {
    const noonUtc = new Date('2025-03-01T12:00:00Z');
    expect(localHour(noonUtc, 0)).toBe(12);
    expect(localHour(noonUtc, 80.27)).toBeCloseTo(17.35, 1); // Chennai
    expect(localHour(noonUtc, -74)).toBeCloseTo(7.07, 1); // New York
  });

  it('counters never go back, and a down link moves nothing', () => {
    const r = mulberry32(9);
    const profile = { peakBps: 5e6, txShare: 0.3, lng: 80.27 };
    let c: Counters = { rx: 1000, tx: 100 };
    let at = new Date('2025-03-01T00:00:00Z').getTime();
    let grew = 0;
    for (let i = 0; i < 24 * 60; i++) {
      at += 60_000;
      const next = advanceCounters(c, profile, new Date(at), 60, true, r);
      expect(next.rx).toBeGreaterThanOrEqual(c.rx);
      expect(next.tx).toBeGreaterThanOrEqual(c.tx);
      expect(Number.isInteger(next.rx) && Number.isInteger(next.tx)).toBe(true);
      if (next.rx > c.rx) grew += 1;
      c = next;
    }
    expect(grew).toBeGreaterThan(24 * 60 * 0.9);
    expect(advanceCounters(c, profile, new Date(at), 60, false, r)).toEqual(c);
  });

  it('moves more bytes in the afternoon than at night', () => {
    const r = mulberry32(2);
    const profile = { peakBps: 1e6, txShare: 0.3, lng: 0 };
    const over = (hour: number) => advanceCounters({ rx: 0, tx: 0 }, profile, new Date(Date.UTC(2025, 2, 1, hour)), 3600, true, r).rx;
    expect(over(14)).toBeGreaterThan(4 * over(3));
  });

  it('integrates the day into seconds at peak rate that only grow, faster in office hours', () => {
    const midnight = Date.parse('2025-03-01T00:00:00Z');
    const hour = (h: number) => busySeconds(midnight + h * 3_600_000, midnight + (h + 1) * 3_600_000, 0);
    expect(hour(14)).toBeGreaterThan(3_600 * 0.8);
    expect(hour(3)).toBeLessThan(3_600 * 0.15);
    expect(busySeconds(midnight, midnight, 0)).toBe(0);
    let last = 0;
    for (let s = 7; s < 2 * 86_400; s += 997) {
      const now = busySeconds(midnight, midnight + s * 1000, 80.27);
      expect(now).toBeGreaterThan(last);
      last = now;
    }
  });
});
