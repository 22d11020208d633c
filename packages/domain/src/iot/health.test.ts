import { describe, expect, it } from 'vitest';
import { iotHealth } from './health';

const now = Date.parse('2026-12-01T12:00:00.000Z');
const ago = (s: number) => new Date(now - s * 1000).toISOString();

describe("an IoT device's health", () => {
  it('is online, then stale after 10 minutes unseen, then offline after an hour', () => {
    expect(iotHealth(ago(30), now)).toMatchObject({ state: 'online', age_s: 30 });
    expect(iotHealth(ago(599), now).state).toBe('online');
    expect(iotHealth(ago(600), now).state).toBe('stale');
    expect(iotHealth(ago(3599), now).state).toBe('stale');
    expect(iotHealth(ago(3600), now).state).toBe('offline');
    expect(iotHealth(null, now)).toMatchObject({ state: 'never', age_s: null });
  });

  it("counts a last-seen time ahead of the server's clock as now", () => {
    expect(iotHealth(ago(-120), now)).toMatchObject({ state: 'online', age_s: 0 });
  });

  it('says the battery is low at 20 % or less, and takes thresholds of its own', () => {
    expect(iotHealth(ago(10), now, 20)).toMatchObject({ battery_pct: 20, battery_low: true });
    expect(iotHealth(ago(10), now, 21).battery_low).toBe(false);
    expect(iotHealth(ago(10), now).battery_low).toBe(false);
    expect(iotHealth(ago(120), now, null, { stale_after_s: 60, offline_after_s: 300, battery_low_pct: 10 }).state).toBe('stale');
  });
});
