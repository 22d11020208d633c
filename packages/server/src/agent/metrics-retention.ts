import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sweepPeriodically } from '../db/periodic-sweep';
import { pruneDeviceBatches, pruneDeviceMetrics, pruneSystemMetrics } from './repo';

/** How often old metrics are swept: they only grow by minutes' worth in between. */
const METRICS_SWEEP_EVERY_MS = 10 * 60_000;
const BATCH = 5_000;

export interface MetricsRetentionOptions {
  retentionHours: number;
  /** PostgreSQL: one instance of a cluster sweeps at a time (an advisory lock). */
  usesLock: boolean;
}

/**
 * Keeps device metrics (interface counters, ping) for the configured hours, then deletes them:
 * the console reads at most the last hour, and a fleet reporting every few seconds would
 * otherwise grow the database by the gigabyte. Returns the function that stops the sweeps and
 * waits for one under way.
 */
export function keepMetricsFor(db: Db, log: FastifyBaseLogger, opts: MetricsRetentionOptions): () => Promise<void> {
  return sweepPeriodically(log, {
    what: 'device metrics past retention',
    everyMs: METRICS_SWEEP_EVERY_MS,
    async sweep(stopped) {
      const before = new Date(Date.now() - opts.retentionHours * 3_600_000);
      let deleted = 0;
      // The received batch keys (device_batches) go with the metrics they stand for.
      for (const prune of [pruneDeviceMetrics, pruneSystemMetrics, pruneDeviceBatches]) {
        for (let batch = BATCH; batch === BATCH && !stopped();) {
          batch = await prune(db, before, BATCH, opts.usesLock);
          deleted += batch;
        }
      }
      return deleted;
    },
  });
}
