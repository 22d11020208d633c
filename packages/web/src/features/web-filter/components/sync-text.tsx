import { Text } from '@mantine/core';
import type { SyncCounts } from './policy-sync';

/** How many endpoints run the latest configuration: a change shows syncing, then synced. */
export function SyncText({ sync }: { sync: SyncCounts }) {
  const total = Object.values(sync).reduce((a, b) => a + b, 0);
  if (total === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="policy-sync">
        No endpoints
      </Text>
    );
  return (
    <Text size="sm" data-testid="policy-sync">
      <Text span c="green">
        {sync.synced} synced
      </Text>
      {sync.syncing > 0 && <Text span c="blue">{` · ${sync.syncing} syncing`}</Text>}
      {sync.failed > 0 && <Text span c="red">{` · ${sync.failed} failed`}</Text>}
      {sync.drifted > 0 && <Text span c="orange">{` · ${sync.drifted} drifted`}</Text>}
      {sync.unconfigured > 0 && <Text span c="dimmed">{` · ${sync.unconfigured} not configured`}</Text>}
    </Text>
  );
}
