import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { OPERATION_DEVICE_STATES, type ConfigOperationSummary } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ErrorPanel } from '@/components/error-panel';
import { useRecentOperations } from '@/features/device-config/api/templates';
import { OperationProgress } from './operation-progress';

/** Counts in words, the states a push has devices in: '2 synced · 1 failed'. */
const countsText = (o: ConfigOperationSummary) =>
  OPERATION_DEVICE_STATES.filter((s) => o.counts[s] > 0)
    .map((s) => `${o.counts[s]} ${s}`)
    .join(' · ') || 'No device';

type Row = ConfigOperationSummary & { progress: string; status: string };
const columns: DataTableColumn<Row>[] = [
  { key: 'title', header: 'Push' },
  { key: 'created_at', header: 'Started', type: 'date' },
  { key: 'author_email', header: 'By' },
  { key: 'progress', header: 'Devices' },
  {
    key: 'status',
    header: 'State',
    render: (r) => (
      <Badge color={r.done ? 'green' : 'blue'} variant="light">
        {r.status}
      </Badge>
    ),
  },
];

export interface RecentOperationsProps {
  timezone: string | null;
  /** The push whose devices are shown (kept in the URL by the page), and how one is chosen. */
  selected: string | null;
  onSelect: (id: string | null) => void;
}

/**
 * The tenant's newest bulk pushes (template applies, group and device template changes) with
 * their progress, read again while one is on its way; one of them opened shows its devices.
 */
export function RecentOperations({ timezone, selected, onSelect }: RecentOperationsProps) {
  const operations = useRecentOperations();
  if (operations.isError) return <ErrorPanel onRetry={() => void operations.refetch()} />;
  const rows: Row[] = (operations.data?.results ?? []).map((o) => ({ ...o, progress: countsText(o), status: o.done ? 'Done' : 'In progress' }));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>Recent pushes</Title>
        {selected && (
          <Button size="xs" variant="subtle" onClick={() => onSelect(null)}>
            Hide its devices
          </Button>
        )}
      </Group>
      <DataTable
        label="Recent pushes"
        columns={columns}
        rows={rows}
        loading={operations.isLoading}
        timezone={timezone}
        onView={(r) => onSelect(r.id)}
        emptyState={<Text c="dimmed">No push to many devices yet.</Text>}
      />
      {selected && <OperationProgress operationId={selected} />}
    </Stack>
  );
}
