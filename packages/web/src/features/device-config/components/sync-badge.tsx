import { Group, Text } from '@mantine/core';
import type { DeviceConfig } from '@netloom/domain';
import { ConfigSyncBadge } from '@/components/config-sync-badge';

/** How the device stands to its desired configuration; a refusal is shown in the device's own words. */
export function SyncBadge({ sync }: { sync: DeviceConfig['sync'] }) {
  return (
    <Group gap="xs" data-testid="config-sync">
      <ConfigSyncBadge state={sync.state} live />
      {sync.error && (
        <Text size="sm" c="red" role="alert">
          {sync.error}
        </Text>
      )}
    </Group>
  );
}
