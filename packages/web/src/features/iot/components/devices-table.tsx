import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { IotDevice } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';
import { ClassCell } from './class-badge';
import { HealthBadge } from './health-badge';
import { deviceName } from './iot-labels';
import { lastValuesText } from './last-values';

const columns: DataTableColumn<IotDevice>[] = [
  {
    key: 'hostname',
    header: 'Device',
    width: '14rem',
    render: (d) => (
      <Anchor component={Link} to={paths.iot.device(d.id)} size="sm">
        {deviceName(d)}
      </Anchor>
    ),
  },
  { key: 'classification.class', header: 'Class', width: '14rem', render: (d) => <ClassCell classification={d.classification} /> },
  { key: 'vendor', header: 'Vendor', width: '14rem', render: (d) => d.vendor ?? d.vendor_note ?? '—' },
  { key: 'mac', header: 'MAC / bus id', render: (d) => d.mac ?? d.bus_id ?? '—' },
  { key: 'ip', header: 'IP address', render: (d) => d.ip ?? '—' },
  { key: 'gateway.name', header: 'Gateway' },
  { key: 'last_seen', header: 'Last seen', type: 'date' },
  { key: 'health.state', header: 'Health', render: (d) => <HealthBadge health={d.health} /> },
  { key: 'last_values', header: 'Last values', width: '16rem', render: (d) => lastValuesText(d.last_values) },
  {
    key: 'open_deviations',
    header: 'Deviations',
    rowAlign: 'right',
    render: (d) =>
      d.open_deviations > 0 ? (
        <Badge color="orange" variant="light" size="sm">
          {d.open_deviations}
        </Badge>
      ) : (
        '0'
      ),
  },
];

interface DevicesTableProps {
  devices: readonly IotDevice[];
  loading: boolean;
  timezone: string | null;
  label?: string;
  onOpen?: (d: IotDevice) => void;
  empty?: { title: string; description: string };
}

const NO_DEVICE = { title: 'No device', description: 'No gateway has reported a device matching these filters.' };

/** IoT devices, the most recently seen first: each opens its page. */
export function DevicesTable({ devices, loading, timezone, label = 'IoT devices', onOpen, empty = NO_DEVICE }: DevicesTableProps) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={devices}
      loading={loading}
      timezone={timezone}
      options={{ sort: false, search: false, download: false, paging: false }}
      onView={onOpen}
      emptyState={<EmptyState title={empty.title} description={empty.description} />}
    />
  );
}
