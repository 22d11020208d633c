import { policyReachesDevice, type DeviceRow, type WebFilterPolicy } from '@netloom/domain';

export type SyncCounts = Record<DeviceRow['configSync'], number>;

/** How the endpoints stand to their configuration; only those a policy reaches when one is given. */
export function syncCounts(endpoints: readonly DeviceRow[], policy?: WebFilterPolicy): SyncCounts {
  const counts: SyncCounts = { synced: 0, syncing: 0, 'not synced': 0 };
  for (const d of endpoints) {
    if (policy && !policyReachesDevice(policy, { id: d.id, networkId: d.network_id })) continue;
    counts[d.configSync] += 1;
  }
  return counts;
}
