import { Badge, Group } from '@mantine/core';
import type { IotDevice } from '@netloom/domain';
import { HEALTH_LOOK, ageText } from './iot-labels';

/** A device's health: online, stale or offline by how long since it was last seen, and a low battery. */
export function HealthBadge({ health }: { health: IotDevice['health'] }) {
  const look = HEALTH_LOOK[health.state];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={look.color} size="sm" title={`Last seen ${ageText(health.age_s)}`}>
        {look.label}
      </Badge>
      {health.battery_low && (
        <Badge variant="outline" color="orange" size="sm">
          {`Battery ${health.battery_pct ?? '?'}%`}
        </Badge>
      )}
    </Group>
  );
}
