import { Group, Text } from '@mantine/core';
import { SyncStateBadge } from './sync-state-badge';

interface PolicySyncProps {
  revision: number;
  syncState: string;
  edges: readonly { id: string; name: string; sync_state: string }[];
}

/** Whether the serving edges run the newest revision: the policy's own state and each edge's. */
export function PolicySync({ revision, syncState, edges }: PolicySyncProps) {
  return (
    <Group gap="md" wrap="wrap">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Revision {revision}
        </Text>
        <SyncStateBadge state={syncState} live />
      </Group>
      {edges.map((e) => (
        <Group key={e.id} gap={4}>
          <Text size="sm" c="dimmed">
            {e.name}
          </Text>
          <SyncStateBadge state={e.sync_state} />
        </Group>
      ))}
      {edges.length === 0 && (
        <Text size="sm" c="dimmed">
          No edge serves this application yet: choose its edges on the Onboard page.
        </Text>
      )}
    </Group>
  );
}
