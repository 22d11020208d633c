import type { ReactNode } from 'react';
import type { DataTableColumn } from '@/components/data-table/types';
import { DeviceNameCell, StatusCell, WanBadge } from './device-cells';
import type { DeviceTableRow } from './device-table-rows';

const nameColumn = (sameName?: ReadonlySet<string>): DataTableColumn<DeviceTableRow> => ({
  key: 'name',
  header: 'Device Name',
  render: (r) => <DeviceNameCell name={r.name} serial={sameName?.has(r.id) ? r.serial : null} />,
});
const user: DataTableColumn<DeviceTableRow> = { key: 'owner', header: 'User' };
const os: DataTableColumn<DeviceTableRow> = { key: 'os', header: 'OS' };
const publicIp: DataTableColumn<DeviceTableRow> = { key: 'publicIp', header: 'Public IP', type: 'ip' };
const vpnIp: DataTableColumn<DeviceTableRow> = { key: 'vpnIp', header: 'VPN IP', type: 'ip' };
const location: DataTableColumn<DeviceTableRow> = { key: 'location', header: 'Location' };
const status: DataTableColumn<DeviceTableRow> = { key: 'status', header: 'Status', render: (r) => <StatusCell statusKey={r.statusKey} label={r.status} /> };
const lastSeen: DataTableColumn<DeviceTableRow> = { key: 'lastSeenTime', header: 'Last Seen', render: (r) => r.lastSeenText };
const created: DataTableColumn<DeviceTableRow> = { key: 'createdDateTime', header: 'Created At', render: (r) => r.createdText };

const wan = (i: number): DataTableColumn<DeviceTableRow> => ({
  key: `wan.${i}.status`,
  header: `WAN ${i + 1}`,
  sortable: false,
  render: (r) => <WanBadge link={r.wan[i]} />,
});

export interface ColumnChoice {
  product: 'sdwan' | 'ztna';
  wanColumns: number;
  /** A per-row control opening the device's interface details (the interface popover). */
  details?: (row: DeviceTableRow) => ReactNode;
  /** Devices whose name another device carries: their serial shows under the name. */
  sameName?: ReadonlySet<string>;
}

/** SD-WAN gateways show their WAN links; ZTNA endpoints their user, OS and VPN address. */
export function deviceColumns({ product, wanColumns, details, sameName }: ColumnChoice): DataTableColumn<DeviceTableRow>[] {
  const name = nameColumn(sameName);
  const detailsColumn: DataTableColumn<DeviceTableRow>[] = details ? [{ key: 'interfaces', header: 'Interfaces', sortable: false, render: details }] : [];
  if (product === 'ztna') return [name, user, os, publicIp, vpnIp, location, status, lastSeen, created];
  return [name, user, publicIp, location, status, ...Array.from({ length: wanColumns }, (_, i) => wan(i)), ...detailsColumn, lastSeen, created];
}
