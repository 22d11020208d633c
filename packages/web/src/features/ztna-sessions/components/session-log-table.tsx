import { Badge, Text } from '@mantine/core';
import { formatBytes } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { decidedByText, durationText, failedConditionText, protocolPortText, type ZtnaSessionRow } from './session-text';

interface SessionLogTableProps {
  rows: readonly ZtnaSessionRow[];
  loading: boolean;
  timezone: string | null;
}

const COLUMNS: DataTableColumn<ZtnaSessionRow>[] = [
  { key: 'time', header: 'Time', type: 'date' },
  {
    key: 'user',
    header: 'User',
    render: (r) =>
      r.user ?? (
        <Text size="sm" c="dimmed">
          Unknown
        </Text>
      ),
  },
  { key: 'device_name', header: 'Endpoint', render: (r) => r.device_name ?? r.device_id },
  {
    key: 'server_name',
    header: 'Server',
    width: '12rem',
    render: (r) => (
      <>
        <Text size="sm">{r.server_name ?? r.destination}</Text>
        {r.server_name && r.server_name !== r.destination && (
          <Text size="xs" c="dimmed">
            {r.destination}
          </Text>
        )}
      </>
    ),
  },
  { key: 'protocol', header: 'Protocol/port', render: protocolPortText },
  {
    key: 'action',
    header: 'Action',
    width: '6rem',
    render: (r) => (
      <Badge color={r.action === 'allow' ? 'green' : 'red'} variant="light" tt="none" miw="max-content">
        {r.action === 'allow' ? 'Allow' : 'Deny'}
      </Badge>
    ),
  },
  { key: 'policy_name', header: 'Deciding policy', render: decidedByText },
  { key: 'failed_condition', header: 'Failed condition', render: failedConditionText },
  { key: 'connector_name', header: 'Connector', render: (r) => r.connector_name ?? '—' },
  { key: 'duration_ms', header: 'Duration', rowAlign: 'right', render: (r) => durationText(r.duration_ms) },
  { key: 'bytes_in', header: 'Bytes in', rowAlign: 'right', render: (r) => formatBytes(r.bytes_in) },
  { key: 'bytes_out', header: 'Bytes out', rowAlign: 'right', render: (r) => formatBytes(r.bytes_out) },
];

/** One page of connection attempts: who reached for what, from which endpoint, what was decided and why, and how much went through. */
export function SessionLogTable({ rows, loading, timezone }: SessionLogTableProps) {
  return (
    <DataTable
      label="ZTNA session log entries"
      data-testid="ztna-session-logs-table"
      columns={COLUMNS}
      rows={rows}
      getRowId={(r) => r.id}
      loading={loading}
      timezone={timezone}
      // The page searches, filters, pages and exports on the server (every page, not just this one).
      options={{ sort: false, search: false, download: false, paging: false }}
      emptyState={<EmptyState title="No Logs Available yet!" />}
    />
  );
}
