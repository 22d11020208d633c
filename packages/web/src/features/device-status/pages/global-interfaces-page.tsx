import { Paper } from '@mantine/core';
import { deviceLabels, isReachable, reportAge, shownReportedState } from '@netloom/domain';
import { useNow } from '@/features/device-status/hooks/use-fresh-snapshot';
import { ReportedState } from '@/features/device-status/components/reported-state';
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
  /** What the page shows: unknown while the gateway is not reachable. */
  status: string;
  /** What the gateway said in its last heartbeat. */
  reportedStatus: string;
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
    render: (r) => <ReportedState shown={r.status} reported={r.reportedStatus} color={COLOURS[r.status] ?? 'gray'} />,
  },
  { key: 'weight', header: 'Weight' },
];

/**
 * Organization → Monitor → Interfaces (`globalInterface`): every gateway's WAN links in one table,
 * as they last reported them, with how long ago that was; a gateway that is not reachable has its
 * links shown as unknown (its last heartbeat says nothing of now).
 */
export function GlobalInterfacesPage() {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const gateways = useFleetDevices(tid, null, 'device');
  const now = useNow();
  if (!user) return null;
  const labels = deviceLabels(gateways.data ?? []);
  const rows: Row[] = (gateways.data ?? []).flatMap((d) => {
    const reachable = isReachable(d);
    return d.wan_status.map((w) => ({
      id: `${d.id}-${w.ifname}`,
      device: labels.get(d.id) ?? d.name,
      name: w.name,
      ifname: w.ifname,
      status: shownReportedState(w.status, { reachable }),
      reportedStatus: w.status,
      weight: w.weight,
      reported: d.lastSeenTime,
    }));
  });
  const columns: DataTableColumn<Row>[] = [...linkColumns, { key: 'reported', header: 'Reported', render: (r) => reportAge(r.reported, now) }];
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
