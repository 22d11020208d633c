import { Badge, Button } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';

/** Opens 'Select Filters'; the badge counts the filters in force. */
export function FilterButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<IconFilter size={16} />}
      rightSection={
        count ? (
          <Badge size="xs" circle>
            {count}
          </Badge>
        ) : null
      }
      onClick={onClick}
    >
      Filters
    </Button>
  );
}
