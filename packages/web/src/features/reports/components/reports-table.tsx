import { Paper, Text } from '@mantine/core';
import { DATE_FORMATS, REPORT_KEEP_DAYS, REPORT_KIND_LABELS, formatBytes, formatDate, type ReportRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { FORMAT_LABELS } from './report-choices';
import { ReportStatus } from './report-status';

type Row = ReportRow & { actionButtonName: string; disableActionButton: boolean };

function columnsFor(timezone: string | null): DataTableColumn<Row>[] {
  const when = (v: string) => formatDate(v, { timezone, format: DATE_FORMATS.lastSeen });
  return [
    { key: 'kind', header: 'Report', render: (r) => REPORT_KIND_LABELS[r.kind] },
    { key: 'format', header: 'Format', render: (r) => FORMAT_LABELS[r.format] },
    { key: 'from', header: 'Period', width: '14rem', render: (r) => `${when(r.from)} – ${when(r.to)}` },
    { key: 'created_at', header: 'Requested', render: (r) => when(r.created_at) },
    { key: 'state', header: 'Status', render: (r) => <ReportStatus report={r} /> },
    { key: 'size', header: 'Size', render: (r) => (r.size === null ? '' : formatBytes(r.size)) },
    { key: 'expires_at', header: 'Kept until', render: (r) => `Kept until ${when(r.expires_at)}` },
  ];
}

/** The tenant's reports of this product; finished ones download, any one can be deleted. */
export function ReportsTable({
  reports,
  loading,
  timezone,
  onDownload,
  onDelete,
}: {
  reports: ReportRow[];
  loading: boolean;
  timezone: string | null;
  onDownload: (r: ReportRow) => void;
  onDelete: (r: ReportRow) => void;
}) {
  const rows: Row[] = reports.map((r) => ({ ...r, actionButtonName: 'Download', disableActionButton: r.status !== 'done' }));
  return (
    <Paper withBorder p="md">
      <DataTable
        label="Reports"
        columns={columnsFor(timezone)}
        rows={rows}
        loading={loading}
        options={{ search: true }}
        onRowAction={onDownload}
        onDelete={onDelete}
        emptyState={
          <EmptyState
            title="No reports yet"
            description={<Text span>Generate one above; finished reports can be downloaded for {REPORT_KEEP_DAYS} days.</Text>}
          />
        }
      />
    </Paper>
  );
}
