import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ANALYTICS_RETENTION,
  MIN_CHART_POINTS,
  TRAFFIC_RANGES,
  bucketCount,
  bucketSeconds,
  rollupFor,
  trafficGraphBodySchema,
  type AnalyticsRetention,
} from './ranges';

const TENANT = '6f1c2a4e-8b1d-4c3e-9f00-1a2b3c4d5e6f';

describe('traffic ranges and the graph body', () => {
  it('offers the spec’s three ranges', () => {
    expect(TRAFFIC_RANGES.map((r) => [r.minutes, r.label])).toEqual([
      [60, 'Last 1 hr'],
      [1440, 'Last 24 hrs'],
      [10080, 'Last 1 week'],
    ]);
  });

  it('defaults to the last 24 hours and the top 10', () => {
    expect(trafficGraphBodySchema.parse({})).toEqual({ timeduration: 1440, top_count: 10 });
    expect(trafficGraphBodySchema.parse({ timeduration: 60, top_count: 5, tenant_id: TENANT, network_id: '' })).toEqual({
      timeduration: 60,
      top_count: 5,
      tenant_id: TENANT,
      network_id: '',
    });
  });

  it('refuses a range it does not offer, a top count outside 1–50 and ids that are not uuids', () => {
    const fails = (body: object) => trafficGraphBodySchema.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    expect(fails({ timeduration: 30 })).toEqual(['timeduration']);
    expect(fails({ timeduration: '1440' })).toEqual(['timeduration']);
    expect(fails({ top_count: 0 })).toEqual(['top_count']);
    expect(fails({ top_count: 51 })).toEqual(['top_count']);
    expect(fails({ top_count: 50 })).toBeUndefined();
    expect(fails({ tenant_id: '12' })).toEqual(['tenant_id']);
    expect(fails({ network_id: 'all' })).toEqual(['network_id']);
    expect(fails({ network_id: TENANT })).toBeUndefined();
  });
});

describe('rollupFor', () => {
  const keepAll: AnalyticsRetention = { rawHours: 1e6, minuteDays: 1e6, hourDays: 1e6 };
  const hours = (h: number) => h * 60;
  const days = (d: number) => d * 1440;

  it('answers the panel’s ranges from minute, minute and hour rollups', () => {
    expect(TRAFFIC_RANGES.map((r) => rollupFor(r.minutes, DEFAULT_ANALYTICS_RETENTION))).toEqual(['minute', 'minute', 'hour']);
    expect(bucketCount(1440, 'minute')).toBe(1440);
    expect(bucketCount(10080, 'hour')).toBe(168);
  });

  it('takes the coarsest level that still gives enough points', () => {
    expect(MIN_CHART_POINTS).toBe(60);
    expect(rollupFor(59, keepAll)).toBe('raw');
    expect(rollupFor(60, keepAll)).toBe('minute');
    expect(rollupFor(hours(60) - 1, keepAll)).toBe('minute');
    expect(rollupFor(hours(60), keepAll)).toBe('hour');
    expect(rollupFor(days(60) - 1, keepAll)).toBe('hour');
    expect(rollupFor(days(60), keepAll)).toBe('day');
    expect(rollupFor(days(3650), keepAll)).toBe('day');
  });

  it('never reads a level that no longer holds the whole range', () => {
    const r: AnalyticsRetention = { rawHours: 24, minuteDays: 2, hourDays: 30 };
    // Minute rollups hold two days: a longer range reads hour buckets, though fewer than 60 (raw rows hold even less).
    expect(rollupFor(days(2), r)).toBe('minute');
    expect(rollupFor(days(2) + 1, r)).toBe('hour');
    // Past the hour rollups' 30 days, day buckets are all that remain, even with fewer than 60 points.
    expect(rollupFor(days(30), r)).toBe('hour');
    expect(rollupFor(days(30) + 1, r)).toBe('day');
  });

  it('reads raw rows for short ranges only while they are kept, else the finest rollup that is', () => {
    expect(rollupFor(30, { rawHours: 1, minuteDays: 7, hourDays: 90 })).toBe('raw');
    expect(rollupFor(30, { rawHours: 0, minuteDays: 7, hourDays: 90 })).toBe('minute');
    expect(rollupFor(hours(2), { rawHours: 1, minuteDays: 7, hourDays: 90 })).toBe('minute');
  });

  it('refuses a range that is not a positive number of minutes', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => rollupFor(bad, keepAll)).toThrow(RangeError);
  });

  it('knows each level’s bucket', () => {
    expect([bucketSeconds('raw'), bucketSeconds('minute'), bucketSeconds('hour'), bucketSeconds('day')]).toEqual([1, 60, 3600, 86_400]);
  });
});
