import { Group, Text } from '@mantine/core';
import { useFilterEndpoints } from '@/features/web-filter/api/get-filter-endpoints';
import { syncCounts } from './policy-sync';
import { SyncText } from './sync-text';

/** Every endpoint's configuration at a glance: after a change they show syncing, then synced. */
export function EndpointSyncSummary() {
  const endpoints = useFilterEndpoints();
  if (!endpoints.data) return null;
  return (
    <Group gap={6} data-testid="endpoint-sync-summary">
      <Text size="sm" fw={500}>
        Endpoints:
      </Text>
      <SyncText sync={syncCounts(endpoints.data)} />
    </Group>
  );
}
