import { Badge } from '@mantine/core';
import type { ConnectorRow } from '@/features/ztna-onboarding/api/get-connectors';

const LOOK: Record<ConnectorRow['health'], { label: string; color: string }> = {
  healthy: { label: 'Healthy', color: 'green' },
  degraded: { label: 'Degraded', color: 'yellow' },
  down: { label: 'Down', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** An app connector's health from its last report: healthy, degraded (some servers unreachable), down, or unknown (no recent report). */
export function HealthBadge({ health }: { health: ConnectorRow['health'] }) {
  return (
    <Badge variant="light" color={LOOK[health].color}>
      {LOOK[health].label}
    </Badge>
  );
}
