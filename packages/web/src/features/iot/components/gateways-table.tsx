import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { IotSummary } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/paths';

type GatewayRow = IotSummary['gateways'][number];

const columns: DataTableColumn<GatewayRow>[] = [
  {
    key: 'name',
    header: 'Gateway',
    width: '16rem',
    render: (g) => (
      <Anchor component={Link} to={`${paths.iot.devices}?gateway=${g.id}`} size="sm">
        {g.name}
      </Anchor>
    ),
  },
  { key: 'devices', header: 'Devices', rowAlign: 'right' },
  { key: 'silent', header: 'Stale or offline', rowAlign: 'right' },
  { key: 'deviations', header: 'Open deviations', rowAlign: 'right' },
];

/** The gateways that report IoT devices, the most devices first; each leads to its devices. */
export function GatewaysTable({ gateways }: { gateways: readonly GatewayRow[] }) {
  return (
    <DataTable
      label="Gateways and their devices"
      columns={columns}
      rows={gateways}
      options={{ sort: false, search: false, download: false, paging: false }}
      emptyState={<EmptyState title="No gateway reports IoT devices" description="A gateway reports the devices of its LAN once the IoT Gateway runs on it." />}
    />
  );
}
