import { Group, Pagination, Select, Text } from '@mantine/core';
import { LOG_PAGE_SIZES } from './use-log-view';

interface LogPagerProps {
  count: number | undefined;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: string) => void;
}

/** The entry count, rows per page and pages under a server-paged log. */
export function LogPager({ count, page, size, onPage, onSize }: LogPagerProps) {
  const pages = Math.max(1, Math.ceil((count ?? 0) / size));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {count === undefined ? '' : `${count.toLocaleString()} entries`}
      </Text>
      <Group>
        <Select aria-label="Rows per page" data={LOG_PAGE_SIZES} value={String(size)} w={90} size="xs" allowDeselect={false} onChange={(v) => v && onSize(v)} />
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" />
      </Group>
    </Group>
  );
}
