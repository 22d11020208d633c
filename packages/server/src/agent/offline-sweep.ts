import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../fleet/device-row';
import type { DatabaseOutage } from './database-outage';
import { markSilentDevicesOffline } from './repo';
import type { DeviceObserver } from './context';

export interface OfflineSweepOptions {
  offlineAfterSeconds: number;
  /** PostgreSQL: one instance of a cluster sweeps at a time (an advisory lock). */
  usesLock: boolean;
  /** Shared with the state writer and the connections: devices are not blamed for the database's silence. */
  outage: DatabaseOutage;
  /** Tells the consoles of each device found silent. */
  publishDevice(device: DeviceRecord): Promise<void>;
  /** Told of each device found silent (the alarm engine). */
  observer: Pick<DeviceObserver, 'reachable'>;
}

/**
 * Marks devices offline that stopped reporting without saying goodbye, a few times per offline
 * period so none stays online much longer than it. Returns the function that stops the sweeps.
 */
export function sweepSilentDevicesOffline(db: Db, log: FastifyBaseLogger, opts: OfflineSweepOptions): () => void {
  const { outage } = opts;
  const sweepEveryMs = Math.max(1000, Math.min(5000, (opts.offlineAfterSeconds * 1000) / 3));
  const sweeper = setInterval(() => {
    const now = new Date();
    const silentSince = new Date(now.getTime() - opts.offlineAfterSeconds * 1000);
    markSilentDevicesOffline(db, { silentSince, heardSince: outage.heardSince(now) }, opts.usesLock)
      .then((rows) => {
        outage.succeeded();
        for (const row of rows) opts.observer.reachable(row, false);
        return Promise.all(rows.map(opts.publishDevice));
      })
      .catch((err: unknown) => {
        if (!outage.failed(err)) log.error({ err }, 'offline sweep failed');
      });
  }, sweepEveryMs);
  sweeper.unref();
  return () => clearInterval(sweeper);
}
