export const CONFIG_SYNC_STATES = ['unconfigured', 'synced', 'syncing', 'failed', 'drifted'] as const;
export type ConfigSyncState = (typeof CONFIG_SYNC_STATES)[number];

export interface ConfigSyncInput {
  /** Hash of the desired revision; null before the first save. */
  desiredHash: string | null;
  /** The hash the device last acknowledged for a push (null when unknown). */
  ackedHash: string | null;
  /** The hash the device reports it runs now. */
  reportedHash: string | null;
  /** A push of the desired revision is queued or sent and not yet answered. */
  pushInFlight: boolean;
  /** The device refused the desired revision's last push: its text. */
  lastError: string | null;
}

/**
 * How a device stands to its desired configuration, in this order: nothing desired yet; a push on
 * its way; the push refused; running it; running something it was never sent (changed locally:
 * drifted); otherwise it has not applied the desired one yet.
 */
export function configSyncState(s: ConfigSyncInput): ConfigSyncState {
  if (!s.desiredHash) return 'unconfigured';
  if (s.pushInFlight) return 'syncing';
  if (s.lastError !== null) return 'failed';
  if (s.reportedHash === s.desiredHash) return 'synced';
  if (s.reportedHash !== null && s.reportedHash !== s.ackedHash) return 'drifted';
  return 'syncing';
}
