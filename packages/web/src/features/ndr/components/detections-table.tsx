import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { NdrDetectionRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { tacticName } from './ndr-labels';
import { SeverityBadge, StatusBadge } from './severity-badge';

const columns: DataTableColumn<NdrDetectionRow>[] = [
  { key: 'last_seen', header: 'Last seen', type: 'date' },
  { key: 'severity', header: 'Severity', render: (d) => <SeverityBadge severity={d.severity} /> },
  {
    key: 'title',
    header: 'Detection',
    width: '18rem',
    render: (d) => (
      <Anchor component={Link} to={paths.ndr.detection(d.id)} size="sm">
        {d.title}
      </Anchor>
    ),
  },
  { key: 'rule_name', header: 'Rule' },
  { key: 'tactics', header: 'Tactics', render: (d) => d.tactics.map(tacticName).join(', ') || '—' },
  {
    key: 'host.ip',
    header: 'Host',
    render: (d) => (
      <Anchor component={Link} to={paths.ndr.host(d.host.ip, d.host.device_id)} size="sm">
        {d.host.ip}
      </Anchor>
    ),
  },
  { key: 'peer', header: 'Peer', render: (d) => d.peer ?? '—' },
  { key: 'user', header: 'User', render: (d) => d.user ?? '—' },
  { key: 'status', header: 'Status', render: (d) => <StatusBadge status={d.status} /> },
  { key: 'occurrences', header: 'Seen', rowAlign: 'right', render: (d) => `${d.occurrences}×` },
];

interface DetectionsTableProps {
  detections: readonly NdrDetectionRow[];
  loading: boolean;
  timezone: string | null;
  label?: string;
  onOpen?: (d: NdrDetectionRow) => void;
}

/** Detections, the latest first: each opens its page, and its host leads to the host's timeline. */
export function DetectionsTable({ detections, loading, timezone, label = 'Detections', onOpen }: DetectionsTableProps) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={detections}
      loading={loading}
      timezone={timezone}
      options={{ sort: false, search: false, download: false, paging: false }}
      onView={onOpen}
      emptyState={<EmptyState title="No detection" description="No rule found anything matching these filters in this window." />}
    />
  );
}
