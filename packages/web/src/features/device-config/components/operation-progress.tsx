import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { OPERATION_DEVICE_STATES, type OperationDeviceState } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { useGatewayLabel } from '@/lib/use-gateway-labels';
import { useOperation } from '@/features/device-config/api/templates';

const LOOK: Record<OperationDeviceState, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  offline: { label: 'Offline', color: 'orange' },
  syncing: { label: 'Syncing', color: 'blue' },
  synced: { label: 'Synced', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  superseded: { label: 'Superseded', color: 'grape' },
  unchanged: { label: 'Unchanged', color: 'teal' },
  invalid: { label: 'Not rendered', color: 'red' },
};

type Row = { id: string; name: string; state: OperationDeviceState; error: string | null };
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Device' },
  {
    key: 'state',
    header: 'State',
    render: (r) => (
      <Badge color={LOOK[r.state].color} variant="light">
        {LOOK[r.state].label}
      </Badge>
    ),
  },
  { key: 'error', header: 'Why' },
];

/** A bulk push as it goes: how many devices are queued, offline, syncing, synced or failed, read every second until done. */
export function OperationProgress({ operationId }: { operationId: string }) {
  const op = useOperation(operationId);
  const label = useGatewayLabel();
  if (op.isError) return <ErrorPanel onRetry={() => void op.refetch()} />;
  if (!op.data) return <Text c="dimmed">Loading the push…</Text>;
  const { counts, devices, done, title } = op.data;
  const total = devices.length || 1;
  const finished = counts.synced + counts.failed + counts.unchanged + counts.invalid + counts.superseded;
  return (
    <Stack gap="sm" data-testid="operation-progress">
      <Group justify="space-between">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c={done ? 'green' : 'dimmed'}>
          {done ? 'Done' : 'In progress'}
        </Text>
      </Group>
      <Progress.Root size="lg" aria-label="Push progress">
        {(['synced', 'unchanged', 'failed', 'invalid', 'syncing', 'offline'] as const).map((s) =>
          counts[s] ? <Progress.Section key={s} value={(counts[s] / total) * 100} color={LOOK[s].color} /> : null,
        )}
      </Progress.Root>
      <Group gap="xs">
        {OPERATION_DEVICE_STATES.filter((s) => counts[s] > 0).map((s) => (
          <Badge key={s} color={LOOK[s].color} variant="light" data-testid={`operation-${s}`}>
            {LOOK[s].label}: {counts[s]}
          </Badge>
        ))}
        <Text size="sm" c="dimmed">
          {finished} of {devices.length} finished
        </Text>
      </Group>
      <DataTable
        label="Devices of the push"
        columns={columns}
        rows={devices.map((d) => ({ id: d.device_id, name: label(d.device_id, d.name), state: d.state, error: d.error }))}
        timezone={null}
        options={{ search: true, paging: true }}
      />
    </Stack>
  );
}
