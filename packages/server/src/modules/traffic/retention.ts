import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsRetention } from '@netloom/domain';
import { sweepPeriodically } from '../../db/periodic-sweep';
import type { AnalyticsStore } from './store';

/** Partitions are days and weeks: an hourly look finds each one soon after it passes its retention. */
const ANALYTICS_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Drops the analytics store's partitions past their retention: whole tables, never row by row, so
 * a sweep costs the same whatever the partition held. Two instances dropping the same one is
 * harmless (drop if exists), so no lock is taken.
 */
export function keepAnalyticsFor(store: AnalyticsStore, log: FastifyBaseLogger, retention: () => AnalyticsRetention): () => Promise<void> {
  return sweepPeriodically(log, {
    what: 'analytics partitions past retention',
    everyMs: ANALYTICS_SWEEP_EVERY_MS,
    sweep: () => store.dropExpired(new Date(), retention()),
  });
}
