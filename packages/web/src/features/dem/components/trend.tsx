import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';

/** How a score moved over the window: up is better. Under a point is no change. */
export function Trend({ value }: { value: number }) {
  const points = Math.round(value);
  if (points === 0)
    return (
      <Group gap={2} wrap="nowrap" c="dimmed" aria-label="No change">
        <IconMinus size={14} />
        <Text size="sm">0</Text>
      </Group>
    );
  const up = points > 0;
  return (
    <Group gap={2} wrap="nowrap" c={up ? 'green' : 'red'} aria-label={`${up ? 'Up' : 'Down'} ${Math.abs(points)} points`}>
      {up ? <IconArrowUpRight size={14} /> : <IconArrowDownRight size={14} />}
      <Text size="sm">{up ? `+${points}` : String(points)}</Text>
    </Group>
  );
}
