import { CONFIG_SYNC_STATES, policyReachesDevice, type ConfigSyncState, type DeviceRow, type WebFilterPolicy } from '@netloom/domain';

export type SyncCounts = Record<ConfigSyncState, number>;

/** How the endpoints stand to their configuration; only those a policy reaches when one is given. */
export function syncCounts(endpoints: readonly DeviceRow[], policy?: WebFilterPolicy): SyncCounts {
  const counts = Object.fromEntries(CONFIG_SYNC_STATES.map((s) => [s, 0])) as SyncCounts;
  for (const d of endpoints) {
    if (policy && !policyReachesDevice(policy, { id: d.id, networkId: d.network_id })) continue;
    counts[d.configSync] += 1;
  }
  return counts;
}
