import { Group, Pagination, Select, Text } from '@mantine/core';
import { NAC_PAGE_SIZES } from '@/features/nac/hooks/use-nac-view';

interface NacPagerProps {
  count: number | undefined;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: string) => void;
}

/** The host count, rows per page and pages under the server-paged table. */
export function NacPager({ count, page, size, onPage, onSize }: NacPagerProps) {
  const pages = Math.max(1, Math.ceil((count ?? 0) / size));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {count === undefined ? '' : `${count.toLocaleString()} hosts`}
      </Text>
      <Group>
        <Select aria-label="Rows per page" data={NAC_PAGE_SIZES} value={String(size)} w={90} size="xs" allowDeselect={false} onChange={(v) => v && onSize(v)} />
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" />
      </Group>
    </Group>
  );
}
