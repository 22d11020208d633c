import { Badge, Group, Text, Tooltip } from '@mantine/core';

/** Enough of a list to recognise it in a table row; the rest is counted and shown on hover. */
const SHOWN = 4;

export function UrlListCell({ items, color }: { items: readonly string[]; color: string }) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const rest = items.slice(SHOWN);
  return (
    <Group gap={4}>
      {items.slice(0, SHOWN).map((u) => (
        <Badge key={u} size="sm" variant="light" color={color} tt="none">
          {u}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.join(', ')} multiline maw={360}>
          <Badge size="sm" variant="outline" color="gray" tt="none">
            +{rest.length} more
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
