import { Badge, CloseButton, Group, Text } from '@mantine/core';
import type { RumFilter } from '@/features/rum/hooks/use-rum-filters';

const LABEL: Record<RumFilter, string> = { page: 'Page', country: 'Country', browser: 'Browser', device_class: 'Device' };

/** The page, country, browser and device the page is narrowed to, each removable. */
export function ActiveFilters({ filters, onClear }: { filters: Partial<Record<RumFilter, string>>; onClear: (f: RumFilter) => void }) {
  const set = (Object.entries(filters) as [RumFilter, string | undefined][]).filter(([, v]) => v);
  if (!set.length) return null;
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        Only:
      </Text>
      {set.map(([k, v]) => (
        <Badge
          key={k}
          variant="light"
          size="lg"
          tt="none"
          rightSection={<CloseButton size="xs" aria-label={`Remove the ${LABEL[k].toLowerCase()} filter`} onClick={() => onClear(k)} />}
        >
          {LABEL[k]}: {v}
        </Badge>
      ))}
    </Group>
  );
}
