import { Text } from '@mantine/core';
import { age, useNow } from '@/features/device-status/hooks/use-fresh-snapshot';

/** How old the shown snapshot is; ticks on its own so the page need not re-render. */
export function ReportedAge({ at }: { at: string | null }) {
  const now = useNow();
  if (!at) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="status-age">
      Reported {age(at, now)}
    </Text>
  );
}
