import { useMemo } from 'react';
import { Badge, Drawer, Text } from '@mantine/core';
import { ENDPOINT_OS_LABELS, statusLabel, type RolloutState } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { useRolloutProgress, type RolloutProgressRow } from '@/features/ztna-updates/api/get-rollout-progress';
import type { RolloutRow } from '@/features/ztna-updates/api/get-rollouts';

const STATE: Record<RolloutState, { label: string; color: string }> = {
  updated: { label: 'Updated', color: 'green' },
  pending: { label: 'Pending', color: 'blue' },
  not_in_stage: { label: 'Not in stage', color: 'gray' },
};

/** Each endpoint a rollout targets: its user, the version it reports, and where it stands. */
export function RolloutProgressDrawer({ rollout, onClose }: { rollout: RolloutRow | null; onClose: () => void }) {
  const progress = useRolloutProgress(rollout?.id ?? null);
  const columns = useMemo<DataTableColumn<RolloutProgressRow & { id: string }>[]>(
    () => [
      {
        key: 'device_name',
        header: 'Endpoint',
        render: (r) => (
          <Text size="sm" fw={600}>
            {r.device_name}
          </Text>
        ),
      },
      { key: 'user', header: 'User' },
      { key: 'version', header: 'Version' },
      {
        key: 'state',
        header: 'State',
        render: (r) => (
          <Badge variant="light" color={STATE[r.state].color}>
            {STATE[r.state].label}
          </Badge>
        ),
      },
      { key: 'device_status', header: 'Status', render: (r) => <Text size="sm">{statusLabel(r.device_status)}</Text> },
    ],
    [],
  );
  const rows = useMemo(() => (progress.data ?? []).map((r) => ({ ...r, id: r.device_id })), [progress.data]);
  const title = rollout ? `${ENDPOINT_OS_LABELS[rollout.os]} ${rollout.version} — ${rollout.percentage} %` : '';
  return (
    <Drawer opened={rollout !== null} onClose={onClose} position="right" size="xl" title={title}>
      {progress.isError ? (
        <ErrorPanel onRetry={() => void progress.refetch()} />
      ) : (
        <DataTable
          label="Rollout progress"
          columns={columns}
          rows={rows}
          loading={progress.isLoading}
          options={{ search: true, sort: true, paging: true, download: true }}
          csv={{
            title: 'rollout-progress',
            titles: ['Endpoint', 'User', 'Version', 'State', 'Status'],
            keys: ['device_name', 'user', 'version', 'state', 'device_status'],
          }}
        />
      )}
    </Drawer>
  );
}
