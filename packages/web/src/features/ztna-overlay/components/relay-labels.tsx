import { Badge } from '@mantine/core';
import type { RelayHealth, RelayRegion } from '@netloom/domain';

export const REGION_LABELS: Record<RelayRegion, string> = {
  'us-east': 'US East',
  'us-west': 'US West',
  'eu-west': 'EU West',
  'eu-central': 'EU Central',
  uk: 'United Kingdom',
  india: 'India',
  singapore: 'Singapore',
  australia: 'Australia',
  japan: 'Japan',
  brazil: 'Brazil',
  'middle-east': 'Middle East',
};

const HEALTH_LOOK: Record<RelayHealth, { label: string; color: string }> = {
  healthy: { label: 'Healthy', color: 'green' },
  degraded: { label: 'Degraded', color: 'yellow' },
  down: { label: 'Down', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** A relay's health from what the clients measured to it lately; 'Unknown' when none did for a while. */
export function HealthBadge({ health }: { health: RelayHealth }) {
  const look = HEALTH_LOOK[health];
  return (
    <Badge color={look.color} variant="light" tt="none" miw="max-content">
      {look.label}
    </Badge>
  );
}
