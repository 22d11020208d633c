import { Badge } from '@mantine/core';

const COLOURS: Record<string, string> = { synced: 'green', syncing: 'blue', 'not synced': 'orange' };
const LABELS: Record<string, string> = { synced: 'Synced', syncing: 'Syncing', 'not synced': 'Not synced' };

/** Whether an endpoint runs its current configuration (its profile and policies): synced, syncing or not synced. */
export function SyncBadge({ state }: { state: string }) {
  return (
    <Badge variant="light" color={COLOURS[state] ?? 'gray'}>
      {LABELS[state] ?? state}
    </Badge>
  );
}
