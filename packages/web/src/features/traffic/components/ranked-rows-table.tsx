import { OTHER_KEY, type TrafficRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { rowLabel } from './row-label';

/** A ranked row with its readable name and its share of the window, as the table lists it. */
export interface RankedRow extends TrafficRow {
  id: string;
  name: string;
  share: string;
  /** 'Other' is the rest of the keys: no one filter lists its flows. */
  disableActions: boolean;
}

export function rankedRows(rows: readonly TrafficRow[], totalBytes: number): RankedRow[] {
  return rows.map((r) => ({
    ...r,
    id: r.key,
    name: rowLabel(r),
    share: totalBytes > 0 ? `${((r.value / totalBytes) * 100).toFixed(1)} %` : '-',
    disableActions: r.key === OTHER_KEY,
  }));
}

const columns = (keyHeader: string): DataTableColumn<RankedRow>[] => [
  { key: 'name', header: keyHeader, width: '16rem' },
  { key: 'value', header: 'Total', type: 'bytes', rowAlign: 'right' },
  { key: 'share', header: 'Share', rowAlign: 'right' },
  { key: 'bytes_out', header: 'Sent', type: 'bytes', rowAlign: 'right' },
  { key: 'bytes_in', header: 'Received', type: 'bytes', rowAlign: 'right' },
  { key: 'packets', header: 'Packets', rowAlign: 'right' },
  { key: 'flows', header: 'Flows', rowAlign: 'right' },
];

interface RankedRowsTableProps {
  rows: readonly RankedRow[];
  /** What the first column holds: 'Protocol', 'Host', 'Port'… */
  keyHeader: string;
  /** The CSV file's name. */
  csvTitle: string;
  loading: boolean;
  /** Opens the flows behind a row; 'Other' has none to open. */
  onView?: (row: RankedRow) => void;
}

/** The ranked keys of a netflow page with bytes each way, packets and flows; CSV has the same columns. */
export function RankedRowsTable({ rows, keyHeader, csvTitle, loading, onView }: RankedRowsTableProps) {
  return (
    <DataTable
      label="Ranked traffic"
      columns={columns(keyHeader)}
      rows={rows}
      loading={loading}
      options={{ sort: true }}
      csv={{
        title: csvTitle,
        titles: [keyHeader, 'Total bytes', 'Share', 'Bytes sent', 'Bytes received', 'Packets', 'Flows'],
        keys: ['name', 'value', 'share', 'bytes_out', 'bytes_in', 'packets', 'flows'],
      }}
      onView={onView}
    />
  );
}
