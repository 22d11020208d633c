import type { ReactNode } from 'react';
import { ActionIcon, CloseButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconRefresh, IconSearch } from '@tabler/icons-react';

interface TableToolbarProps {
  search?: { value: string; onChange: (term: string) => void };
  onDownload?: () => void;
  downloadDisabled: boolean;
  onRefresh?: () => void;
  refreshing: boolean;
  extra?: ReactNode;
}

export function TableToolbar({ search, onDownload, downloadDisabled, onRefresh, refreshing, extra }: TableToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" mb="sm" wrap="nowrap">
      {search ? (
        <TextInput
          aria-label="Search"
          placeholder="Search"
          w={280}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.value}
          onChange={(e) => search.onChange(e.currentTarget.value)}
          rightSection={search.value ? <CloseButton size="sm" aria-label="Clear search text" onClick={() => search.onChange('')} /> : null}
        />
      ) : (
        <span />
      )}
      <Group gap="xs" wrap="nowrap">
        {extra}
        {onRefresh && (
          <Tooltip label="Refresh" withArrow>
            <ActionIcon variant="default" size="lg" aria-label="Refresh" loading={refreshing} onClick={onRefresh}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {onDownload && (
          <Tooltip label="Download CSV" withArrow>
            <ActionIcon variant="default" size="lg" aria-label="Download CSV" disabled={downloadDisabled} onClick={onDownload}>
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
