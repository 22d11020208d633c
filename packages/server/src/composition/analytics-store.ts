import type { AnalyticsRetention } from '@netloom/domain';
import type { Db } from '../db/client';
import { claimBatchKeys } from '../agent/repo';
import { PgAnalyticsStore } from '../modules/traffic/index';

/**
 * The analytics store with the agent's batch keys (device_batches), which store a resent batch
 * once: wired here alone, for the app, the store's own tests and the benchmarks.
 */
export function analyticsStoreOn(db: Db, retention: () => AnalyticsRetention): PgAnalyticsStore {
  return new PgAnalyticsStore(db, retention, claimBatchKeys);
}
