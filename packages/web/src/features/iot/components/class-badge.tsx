import { Badge, Group, Text } from '@mantine/core';
import type { IotDevice } from '@netloom/domain';
import { classLabel, percent } from './iot-labels';

/** A device's class and how sure it is: the evidence's confidence, or 'set by an admin'. */
export function ClassCell({ classification }: { classification: IotDevice['classification'] }) {
  const admin = classification.source === 'admin';
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{classLabel(classification.class)}</Text>
      {admin ? (
        <Badge variant="outline" color="violet" size="xs">
          Corrected
        </Badge>
      ) : (
        <Text size="xs" c="dimmed">
          {percent(classification.confidence)}
        </Text>
      )}
    </Group>
  );
}
