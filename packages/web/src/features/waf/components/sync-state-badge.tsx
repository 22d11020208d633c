import { Badge } from '@mantine/core';

const LOOK: Record<string, { label: string; color: string }> = {
  synced: { label: 'Synced', color: 'green' },
  syncing: { label: 'Syncing', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
  offline: { label: 'Edge offline', color: 'gray' },
  'no-edge': { label: 'No edge', color: 'yellow' },
  drifted: { label: 'Drifted', color: 'orange' },
};

/** How an application's (or an edge's) serving edges stand with its newest policy. */
export function SyncStateBadge({ state, live = false }: { state: string; live?: boolean }) {
  const look = LOOK[state] ?? { label: state, color: 'gray' };
  return (
    <Badge variant="light" color={look.color} role={live ? 'status' : undefined} aria-live={live ? 'polite' : undefined}>
      {look.label}
    </Badge>
  );
}

const MODE_LOOK = {
  blocking: { label: 'Blocking', color: 'green' },
  detection: { label: 'Detection only', color: 'yellow' },
  off: { label: 'Off', color: 'gray' },
};

export function ModeBadge({ mode }: { mode: keyof typeof MODE_LOOK }) {
  return (
    <Badge variant="outline" color={MODE_LOOK[mode].color}>
      {MODE_LOOK[mode].label}
    </Badge>
  );
}
