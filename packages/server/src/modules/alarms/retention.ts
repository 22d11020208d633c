import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sweepPeriodically } from '../../db/periodic-sweep';
import { pruneAlarms } from './repo';

const EVERY_MS = 10 * 60_000;
const BATCH = 5_000;

/** Keeps the alarm history for the configured days; returns the function that stops the sweeps. */
export function keepAlarmsFor(db: Db, log: FastifyBaseLogger, opts: { retentionDays: number; usesLock: boolean }): () => Promise<void> {
  return sweepPeriodically(log, {
    what: 'alarms past retention',
    everyMs: EVERY_MS,
    async sweep(stopped) {
      const before = new Date(Date.now() - opts.retentionDays * 86_400_000);
      let deleted = 0;
      for (let batch = BATCH; batch === BATCH && !stopped();) {
        batch = await pruneAlarms(db, before, BATCH, opts.usesLock);
        deleted += batch;
      }
      return deleted;
    },
  });
}
