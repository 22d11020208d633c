import { z } from 'zod';

/** The top-traffic panel's time options (spec 000 §2.7, §9), in minutes. */
export const TRAFFIC_RANGES = [
  { minutes: 60, label: 'Last 1 hr' },
  { minutes: 1440, label: 'Last 24 hrs' },
  { minutes: 10080, label: 'Last 1 week' },
] as const;
export type TrafficRangeMinutes = (typeof TRAFFIC_RANGES)[number]['minutes'];

export const DEFAULT_TRAFFIC_RANGE_MINUTES = 1440 satisfies TrafficRangeMinutes;
export const DEFAULT_TOP_COUNT = 10;
/** A chart with more slices or lines than this is unreadable, and the query grows with it. */
export const MAX_TOP_COUNT = 50;

/**
 * The graph config every top-traffic call posts (spec 001 §3, §7). `network_id` '' is the
 * default 'All Device Groups'.
 */
export const trafficGraphBodySchema = z.object({
  timeduration: z.literal(TRAFFIC_RANGES.map((r) => r.minutes)).default(DEFAULT_TRAFFIC_RANGE_MINUTES),
  top_count: z.number().int().min(1).max(MAX_TOP_COUNT).default(DEFAULT_TOP_COUNT),
  tenant_id: z.string().uuid().optional(),
  network_id: z.union([z.string().uuid(), z.literal('')]).optional(),
});
export type TrafficGraphBody = z.infer<typeof trafficGraphBodySchema>;

/** The analytics store's tables: raw flow rows, and rollups per minute, hour and day. */
export const ROLLUP_LEVELS = ['raw', 'minute', 'hour', 'day'] as const;
export type RollupLevel = (typeof ROLLUP_LEVELS)[number];

const BUCKET_SECONDS: Record<RollupLevel, number> = { raw: 1, minute: 60, hour: 3600, day: 86_400 };

/** A level's bucket width. Raw rows are grouped at query time; one second is their timestamps' precision. */
export const bucketSeconds = (level: RollupLevel): number => BUCKET_SECONDS[level];

/** How long each table keeps its rows. Day rollups are kept for good. */
export interface AnalyticsRetention {
  rawHours: number;
  minuteDays: number;
  hourDays: number;
}

/**
 * Raw rows are the largest table, so they go first (two days, for looking into yesterday); minute
 * rollups cover every range they are picked for (under 60 h) and a week of drilling down; hour
 * rollups a quarter.
 */
export const DEFAULT_ANALYTICS_RETENTION: AnalyticsRetention = { rawHours: 48, minuteDays: 7, hourDays: 90 };

/** A chart needs about this many points to show a shape; fewer is a bar code. */
export const MIN_CHART_POINTS = 60;

const retainedMinutes = (level: RollupLevel, r: AnalyticsRetention): number =>
  level === 'raw' ? r.rawHours * 60 : level === 'minute' ? r.minuteDays * 1440 : level === 'hour' ? r.hourDays * 1440 : Infinity;

/** Whole buckets a level gives over a range (the partial ones at its ends add little to a shape). */
export const bucketCount = (rangeMinutes: number, level: RollupLevel): number => Math.floor((rangeMinutes * 60) / bucketSeconds(level));

/**
 * The table that answers a range ending now: of the levels still retained for the whole range,
 * the coarsest that gives at least MIN_CHART_POINTS buckets (coarser tables are smaller, so
 * cheaper to read); when none gives that many, the finest retained (fewer points beat a chart
 * whose older part is missing). Day rollups are always retained, so there is always an answer.
 * Raw rows are read only when no rollup can serve: a range under an hour (minute buckets give
 * too few points) or one the minute rollups no longer hold.
 *
 * With 60 points: minute for 1 h up to 60 h (so 'Last 24 hrs' reads 1440 minute buckets), hour
 * from 60 h up to 60 days ('Last 1 week' reads 168), day beyond.
 */
export function rollupFor(rangeMinutes: number, retention: AnalyticsRetention): RollupLevel {
  if (!(rangeMinutes > 0) || !Number.isFinite(rangeMinutes)) throw new RangeError(`A range is a positive number of minutes, got ${rangeMinutes}`);
  return levelFor(rangeMinutes, rangeMinutes, retention);
}

/**
 * The same choice for a window that need not end now (the date/time range picker): the level
 * must still hold the window's start (`from`, `now` minus its age), and the window's length sets
 * the number of points.
 */
export function rollupForWindow(from: Date, to: Date, now: Date, retention: AnalyticsRetention): RollupLevel {
  const span = (to.getTime() - from.getTime()) / 60_000;
  if (!(span > 0)) throw new RangeError('A window ends after it starts');
  return levelFor(span, Math.max(span, (now.getTime() - from.getTime()) / 60_000), retention);
}

function levelFor(spanMinutes: number, ageMinutes: number, retention: AnalyticsRetention): RollupLevel {
  const retained = ROLLUP_LEVELS.filter((level) => ageMinutes <= retainedMinutes(level, retention));
  const coarseFirst = [...retained].reverse();
  return coarseFirst.find((level) => bucketCount(spanMinutes, level) >= MIN_CHART_POINTS) ?? retained[0] ?? 'day';
}
