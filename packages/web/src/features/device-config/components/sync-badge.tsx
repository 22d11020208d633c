import { Badge, Group, Text } from '@mantine/core';
import type { ConfigSyncState, DeviceConfig } from '@netloom/domain';

const LOOK: Record<ConfigSyncState, { label: string; color: string }> = {
  unconfigured: { label: 'Not configured', color: 'gray' },
  synced: { label: 'Synced', color: 'green' },
  syncing: { label: 'Syncing', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
  drifted: { label: 'Drifted', color: 'orange' },
};

/** How the device stands to its desired configuration; a refusal is shown in the device's own words. */
export function SyncBadge({ sync }: { sync: DeviceConfig['sync'] }) {
  const look = LOOK[sync.state];
  return (
    <Group gap="xs" data-testid="config-sync">
      <Badge color={look.color} variant="light">
        {look.label}
      </Badge>
      {sync.error && (
        <Text size="sm" c="red" role="alert">
          {sync.error}
        </Text>
      )}
    </Group>
  );
}
