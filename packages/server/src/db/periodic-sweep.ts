import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';
import { isDatabaseUnavailable, unavailableReason } from './unavailable';

/**
 * The advisory locks of the cluster's periodic work, one per sweep, all in one place so no two
 * share a key (migrations hold 4_242_001, see db/client.ts).
 */
export const SWEEP_LOCKS = {
  offlineDevices: 4_242_002,
  deviceMetrics: 4_242_003,
  expiredTokens: 4_242_004,
  alarms: 4_242_005,
  solvedTickets: 4_242_006,
} as const;

/** Taken inside a sweep's transaction: one instance of a cluster sweeps at a time, the others skip that round. */
export async function holdsSweepLock(tx: Pick<Db, 'execute'>, sweep: keyof typeof SWEEP_LOCKS): Promise<boolean> {
  const got = await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCKS[sweep]}) as ok`);
  return Boolean((got as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok);
}

export interface PeriodicSweep {
  /** Names the sweep in the log. */
  what: string;
  everyMs: number;
  /** Deletes what is due and returns how many rows went; `stopped` says when to stop early. */
  sweep(stopped: () => boolean): Promise<number>;
  /** What the log says was done to those rows ('deleted' unless said). */
  done?: string;
}

/** The first round soon after start, so a server that was down a while catches up at once. */
const FIRST_ROUND_AFTER_MS = 1_000;

/**
 * Runs a clean-up soon after start and then every `everyMs`, one round at a time, never keeping the
 * process alive. Returns the function that stops it and waits for a round under way.
 */
export function sweepPeriodically(log: FastifyBaseLogger, { what, everyMs, sweep, done = 'deleted' }: PeriodicSweep): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = running
      .then(() => sweep(() => stopped))
      .then((deleted) => {
        if (deleted > 0) log.info({ rows: deleted }, `${what}: ${done}`);
      })
      .catch((err: unknown) => {
        // An outage is no fault of the sweep: one short line a round, and the next round catches up.
        if (isDatabaseUnavailable(err)) log.warn({ reason: unavailableReason(err) }, `${what}: database unavailable, next round catches up`);
        else log.error({ err }, `${what}: sweep failed`);
      });
  };
  const first = setTimeout(round, FIRST_ROUND_AFTER_MS);
  const every = setInterval(round, everyMs);
  first.unref();
  every.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
