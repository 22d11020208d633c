import { useNavigate } from 'react-router';
import { Paper } from '@mantine/core';
import type { ProductKey } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useNetworks } from '@/lib/get-networks';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { paths } from '@/paths';
import { useNetworkStatuses } from '@/features/devices/api/get-network-status';

interface Row {
  id: string;
  name: string;
  devices: number | null;
  online: number | null;
  offline: number | null;
  activeLinks: number | null;
  inactiveLinks: number | null;
}

const count = (v: number | null) => (v === null ? '–' : v);
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Device Group' },
  { key: 'devices', header: 'Devices', render: (r) => count(r.devices) },
  { key: 'online', header: 'Online', render: (r) => count(r.online) },
  { key: 'offline', header: 'Offline', render: (r) => count(r.offline) },
  { key: 'activeLinks', header: 'Links up', render: (r) => count(r.activeLinks) },
  { key: 'inactiveLinks', header: 'Links down', render: (r) => count(r.inactiveLinks) },
];

/**
 * Network → Monitor (spec 000 §2.15 `network/monitor`): how each device group stands now, from
 * the status monitor of each group (devices, online and offline, WAN links up and down).
 */
export function NetworkMonitorPage({ product }: { product: ProductKey }) {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const networks = useNetworks(tid);
  const statuses = useNetworkStatuses((networks.data ?? []).map((n) => n.id));
  const navigate = useNavigate();
  if (!user) return null;
  const rows: Row[] = (networks.data ?? []).map((n, i) => {
    const s = statuses[i]?.data;
    return {
      id: n.id,
      name: n.networkName,
      devices: s?.devices ?? null,
      online: s?.online_devices ?? null,
      offline: s?.offline_devices ?? null,
      activeLinks: s?.active_links ?? null,
      inactiveLinks: s?.inactive_links ?? null,
    };
  });
  const failed = networks.isError || statuses.some((s) => s.isError);
  return (
    <>
      <PageHeader title="Network Monitor" subtitle="How the gateways of each device group stand now" />
      <Paper withBorder p="md">
        {failed ? (
          <ErrorPanel
            onRetry={() => {
              void networks.refetch();
              for (const s of statuses) if (s.isError) void s.refetch();
            }}
          />
        ) : (
          <DataTable
            label="Device group status"
            columns={columns}
            rows={rows}
            loading={networks.isLoading}
            timezone={user.timezone}
            options={{ search: true, sort: true, paging: true }}
            onView={(r) => void navigate(paths.product.deviceGroup(product, r.id))}
            emptyState={<EmptyState title="No Device Groups yet" description="Group gateways under Network → Configure to watch them together." />}
          />
        )}
      </Paper>
    </>
  );
}
