import { useMemo } from 'react';
import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { IconList, IconTrash } from '@tabler/icons-react';
import { ENDPOINT_OS_LABELS } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import type { RolloutRow } from '@/features/ztna-updates/api/get-rollouts';
import { RolloutProgressBar } from './rollout-progress-bar';

export interface RolloutsTableProps {
  rollouts: readonly RolloutRow[];
  loading: boolean;
  timezone: string | null;
  manager: boolean;
  onWiden: (r: RolloutRow) => void;
  onProgress: (r: RolloutRow) => void;
  onDelete: (r: RolloutRow) => void;
}

/** The staged rollouts: which clients, to which version, how far. */
export function RolloutsTable({ rollouts, loading, timezone, manager, onWiden, onProgress, onDelete }: RolloutsTableProps) {
  const columns = useMemo<DataTableColumn<RolloutRow>[]>(
    () => [
      { key: 'os', header: 'OS', render: (r) => <Text size="sm">{ENDPOINT_OS_LABELS[r.os]}</Text> },
      {
        key: 'version',
        header: 'Version',
        render: (r) => (
          <Text size="sm" fw={600}>
            {r.version}
          </Text>
        ),
      },
      { key: 'security_group_name', header: 'Endpoints', render: (r) => <Text size="sm">{r.security_group_name ?? 'All endpoints'}</Text> },
      {
        key: 'percentage',
        header: 'Stage',
        render: (r) => (
          <Badge variant="light" color={r.percentage === 100 ? 'green' : 'blue'}>
            {r.percentage} %
          </Badge>
        ),
      },
      { key: 'progress', header: 'Progress', sortable: false, render: (r) => <RolloutProgressBar rollout={r} /> },
      { key: 'created_at', header: 'Started', type: 'date' },
      {
        key: 'actions',
        header: 'Actions',
        sortable: false,
        render: (r) => (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Progress of ${r.version} for ${ENDPOINT_OS_LABELS[r.os]}`}
              title="Progress per endpoint"
              onClick={() => onProgress(r)}
            >
              <IconList size={16} />
            </ActionIcon>
            {manager && (
              <>
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={`Change percentage of ${r.version} for ${ENDPOINT_OS_LABELS[r.os]}`}
                  onClick={() => onWiden(r)}
                >
                  Widen
                </Button>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete rollout of ${r.version} for ${ENDPOINT_OS_LABELS[r.os]}`}
                  title="Delete"
                  onClick={() => onDelete(r)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </>
            )}
          </Group>
        ),
      },
    ],
    [manager, onWiden, onProgress, onDelete],
  );
  return (
    <DataTable
      label="Rollouts"
      columns={columns}
      rows={rollouts}
      loading={loading}
      timezone={timezone}
      options={{ search: true, sort: true, paging: true, download: false }}
      emptyState={<EmptyState title="No rollouts yet" description="Stage a client version to a percentage of one system's endpoints first, then widen it." />}
    />
  );
}
