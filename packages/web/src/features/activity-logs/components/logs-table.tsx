import { Badge, Button } from '@mantine/core';
import { formatDate, type LogEntry } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { openDetailDialog } from '@/components/dialogs/detail-dialog';
import { EmptyState } from '@/components/empty-state';
import { logDetailContent } from './log-details';

export interface LogsTableProps {
  rows: readonly LogEntry[];
  loading: boolean;
  timezone: string | null;
}

/** One page of log entries; a row's details (before/after of settings) open in the detail dialog. */
export function LogsTable({ rows, loading, timezone }: LogsTableProps) {
  const columns: DataTableColumn<LogEntry>[] = [
    { key: 'time', header: 'Time', type: 'date' },
    { key: 'user', header: 'User' },
    { key: 'action', header: 'Action' },
    { key: 'target', header: 'Target' },
    { key: 'ip', header: 'IP', type: 'ip' },
    {
      key: 'via_super_admin',
      header: 'By',
      render: (e) =>
        e.via_super_admin ? (
          <Badge color="grape" variant="light">
            Provider
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            Member
          </Badge>
        ),
    },
    {
      key: 'details',
      header: 'Details',
      sortable: false,
      render: (e) => (
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`View details of ${e.action}`}
          onClick={() => openDetailDialog({ title: 'Log entry', ...logDetailContent(e, formatDate(e.time, { timezone })) })}
        >
          View
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Log entries"
      columns={columns}
      rows={rows}
      loading={loading}
      timezone={timezone}
      // The page searches, pages and exports on the server (all pages, not just this one): no second search box, pager or CSV here.
      options={{ sort: true, search: false, download: false, paging: false }}
      emptyState={<EmptyState title="No Logs Available yet!" />}
    />
  );
}
