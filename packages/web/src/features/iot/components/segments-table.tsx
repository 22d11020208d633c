import { Anchor, List } from '@mantine/core';
import { Link } from 'react-router';
import type { IotSegment } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { classLabel } from './iot-labels';

interface SegmentsTableProps {
  segments: readonly IotSegment[];
  /** Device names by id, to name a device's segment. */
  deviceNames: ReadonlyMap<string, string>;
  loading: boolean;
  timezone: string | null;
  writer: boolean;
  onDelete: (s: IotSegment) => void;
}

/** The segments on the gateways: what each fences, how, and what its firewall rules say more broadly than the profile. */
export function SegmentsTable({ segments, deviceNames, loading, timezone, writer, onDelete }: SegmentsTableProps) {
  const columns: DataTableColumn<IotSegment>[] = [
    { key: 'key', header: 'Name' },
    {
      key: 'target',
      header: 'Fences',
      width: '14rem',
      render: (s) =>
        s.target.kind === 'class' ? (
          `Class ${classLabel(s.target.class)}`
        ) : (
          <Anchor component={Link} to={paths.iot.device(s.target.device_id)} size="sm">
            {deviceNames.get(s.target.device_id) ?? 'A device'}
          </Anchor>
        ),
    },
    { key: 'gateway.name', header: 'Gateway' },
    {
      key: 'mode',
      header: 'How',
      render: (s) => (s.vlan ? `VLAN ${s.vlan.vlan_id} on ${s.vlan.parent} (${s.vlan.ip}/${s.vlan.prefix})` : 'Firewall rules'),
    },
    { key: 'deny', header: 'Everything else', render: (s) => (s.deny === 'drop' ? 'Dropped' : 'Refused') },
    { key: 'members', header: 'Members', rowAlign: 'right', render: (s) => String(s.members.length) },
    { key: 'rules', header: 'Rules', rowAlign: 'right' },
    {
      key: 'broadened',
      header: 'Broader than the profile',
      width: '18rem',
      render: (s) =>
        s.broadened.length ? (
          <List size="xs">
            {s.broadened.map((b) => (
              <List.Item key={b}>{b}</List.Item>
            ))}
          </List>
        ) : (
          '—'
        ),
    },
    { key: 'created_at', header: 'Added', type: 'date' },
  ];
  return (
    <DataTable
      label="Segments"
      columns={columns}
      rows={segments}
      loading={loading}
      timezone={timezone}
      options={{ sort: true, search: true, paging: true, download: false }}
      onDelete={writer ? onDelete : undefined}
      emptyState={
        <EmptyState
          title="No segment yet"
          description="A segment fences a device or a class of devices to what its communication profile allows, on its gateway."
        />
      }
    />
  );
}
