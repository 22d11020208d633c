import { memo } from 'react';
import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { PAGE_SIZE_OPTIONS, pageLinks } from '@netloom/domain';
import { pageSizeValue } from './use-data-table';

interface TableFooterProps {
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  sizes?: readonly (number | 'None')[];
}

/** The spec's 'datatable footer': rows per page, the shown range, and up to 10 page links. */
function TableFooterBody({ total, page, pages, pageSize, onPage, onPageSize, sizes = PAGE_SIZE_OPTIONS }: TableFooterProps) {
  // 0 × Infinity is NaN: 'None' always shows from the first row.
  const from = total === 0 ? 0 : Number.isFinite(pageSize) ? (page - 1) * pageSize + 1 : 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" aria-hidden>
          Rows per page
        </Text>
        <NativeSelect
          size="xs"
          aria-label="Rows per page"
          data={sizes.map(String)}
          value={Number.isFinite(pageSize) ? String(pageSize) : 'None'}
          onChange={(e) => onPageSize(pageSizeValue(e.currentTarget.value === 'None' ? 'None' : Number(e.currentTarget.value)))}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {from}–{to} of {total}
        </Text>
      </Group>
      <Group gap={4} component="nav" aria-label="Pages">
        <ActionIcon variant="subtle" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        {pageLinks(page, pages).map((n) => (
          <Button
            key={n}
            size="compact-sm"
            variant={n === page ? 'filled' : 'subtle'}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <ActionIcon variant="subtle" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** Its props are all the footer shows: a live update that keeps the row count and page skips it. */
export const TableFooter = memo(TableFooterBody);
