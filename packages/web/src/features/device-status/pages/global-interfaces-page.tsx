import { Badge, Paper } from '@mantine/core';
import { age, useNow } from '@/features/device-status/hooks/use-fresh-snapshot';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';

interface Row {
  id: string;
  device: string;
  name: string;
  ifname: string;
  status: string;
  weight: number;
  /** The gateway's last heartbeat: the WAN states are what it said then. */
  reported: string | null;
}

const COLOURS: Record<string, string> = { up: 'green', down: 'red', unknown: 'gray' };
const linkColumns: DataTableColumn<Row>[] = [
  { key: 'device', header: 'Device Name' },
  { key: 'name', header: 'WAN' },
  { key: 'ifname', header: 'Interface' },
  {
    key: 'status',
    header: 'State',
    render: (r) => (
      <Badge variant="light" color={COLOURS[r.status] ?? 'gray'}>
        {r.status}
      </Badge>
    ),
  },
  { key: 'weight', header: 'Weight' },
];

/**
 * Organization → Monitor → Interfaces (`globalInterface`): every gateway's WAN links in one table,
 * as they last reported them, with how long ago that was (a gateway gone silent shows old states).
 */
export function GlobalInterfacesPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const gateways = useFleetDevices(tid, null, 'device');
  const now = useNow();
  if (!user) return null;
  const rows: Row[] = (gateways.data ?? []).flatMap((d) =>
    d.wan_status.map((w) => ({ id: `${d.id}-${w.ifname}`, device: d.name, ...w, reported: d.lastSeenTime })),
  );
  const columns: DataTableColumn<Row>[] = [...linkColumns, { key: 'reported', header: 'Reported', render: (r) => (r.reported ? age(r.reported, now) : '–') }];
  return (
    <>
      <PageHeader title="Interfaces" subtitle="The WAN links of every gateway" />
      <Paper withBorder p="md">
        {gateways.isError ? (
          <ErrorPanel onRetry={() => void gateways.refetch()} />
        ) : (
          <DataTable
            label="WAN links of all gateways"
            columns={columns}
            rows={rows}
            loading={!gateways.data}
            timezone={user.timezone}
            options={{ search: true, sort: true, download: true, paging: true }}
            emptyState={<EmptyState title="No Status Available" description="No gateway has reported its WAN links yet." />}
          />
        )}
      </Paper>
    </>
  );
}
