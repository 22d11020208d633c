import { Text } from '@mantine/core';

/** One fact of an answer or a record: its label small and dimmed above its value. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
