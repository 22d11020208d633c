import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { NdrHostRiskRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { tacticName } from './ndr-labels';
import { SeverityBadge } from './severity-badge';

type Row = NdrHostRiskRow & { id: string };

const columns: DataTableColumn<Row>[] = [
  {
    key: 'ip',
    header: 'Host',
    render: (h) => (
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={paths.ndr.host(h.ip, h.device_id)} size="sm">
          {h.ip}
        </Anchor>
        {h.quarantined && (
          <Badge size="xs" color="red" variant="filled">
            Quarantined
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'score', header: 'Risk score', rowAlign: 'right' },
  { key: 'level', header: 'Level', render: (h) => <SeverityBadge severity={h.level} /> },
  { key: 'detections', header: 'Detections', rowAlign: 'right' },
  { key: 'worst', header: 'Worst', render: (h) => <SeverityBadge severity={h.worst} /> },
  { key: 'tactics', header: 'Tactics', render: (h) => h.tactics.map(tacticName).join(', ') || '—' },
  { key: 'user', header: 'User', render: (h) => h.user ?? '—' },
  { key: 'device_name', header: 'Seen by', render: (h) => h.device_name ?? '—' },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
];

/** Hosts by their decaying risk score, the riskiest first; each leads to its timeline. */
export function HostsAtRiskTable({
  hosts,
  loading,
  timezone,
  paging = false,
}: {
  hosts: readonly NdrHostRiskRow[];
  loading: boolean;
  timezone: string | null;
  paging?: boolean;
}) {
  const rows = hosts.map((h) => ({ ...h, id: `${h.device_id} ${h.ip}` }));
  return (
    <DataTable
      label="Hosts at risk"
      columns={columns}
      rows={rows}
      loading={loading}
      timezone={timezone}
      options={{ sort: true, search: paging, paging, download: paging }}
      csv={{ title: 'ndr-hosts-at-risk' }}
      emptyState={<EmptyState title="No host at risk" description="No detection names a host of your network in the last days." />}
    />
  );
}
