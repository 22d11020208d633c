import { Group, Pagination, Select, Text } from '@mantine/core';

export const INVENTORY_PAGE_SIZES = ['10', '25', '50', '100'];

interface InventoryPagerProps {
  count: number | undefined;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

/** The count, rows per page and pages under a server-paged table. */
export function InventoryPager({ count, page, size, onPage, onSize }: InventoryPagerProps) {
  const pages = Math.max(1, Math.ceil((count ?? 0) / size));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {count === undefined ? '' : `${count.toLocaleString()} endpoint${count === 1 ? '' : 's'}`}
      </Text>
      <Group>
        <Select
          aria-label="Rows per page"
          data={INVENTORY_PAGE_SIZES}
          value={String(size)}
          w={90}
          size="xs"
          allowDeselect={false}
          onChange={(v) => v && onSize(Number(v))}
        />
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" />
      </Group>
    </Group>
  );
}
