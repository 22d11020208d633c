import { useMemo } from 'react';
import { Paper } from '@mantine/core';
import { dashboardName } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { deviceColumns } from '@/features/devices/components/device-columns';
import { DeviceEmptyState } from '@/features/devices/components/device-empty-state';
import { cachedTableRow, DEVICE_CSV, shownWanColumns } from '@/features/devices/components/device-table-rows';

/**
 * Organization › Inventory: every device of the tenant, from the same device list the dashboard
 * reads. Claiming and approval arrive with the configuration work.
 */
export function InventoryPage({ product }: { product: 'sdwan' | 'ztna' }) {
  const user = useCurrentUser();
  const tid = useTenantScope();
  const devices = useFleetDevices(tid, null, product === 'ztna' ? 'endpoint' : 'device');
  const timezone = user?.timezone ?? null;
  const rows = useMemo(() => (devices.data ?? []).map((d) => cachedTableRow(d, timezone)), [devices.data, timezone]);
  const columns = useMemo(() => deviceColumns({ product, wanColumns: shownWanColumns(devices.data ?? [], false) }), [product, devices.data]);

  return (
    <>
      <PageHeader title="Inventory" subtitle={`${dashboardName(product)} devices of the tenant`} />
      <Paper withBorder p="md">
        {devices.isError ? (
          <ErrorPanel onRetry={() => void devices.refetch()} />
        ) : (
          <DataTable
            label="Inventory"
            columns={columns}
            rows={rows}
            loading={devices.isLoading}
            timezone={timezone}
            options={{ search: true, sort: true, paging: true, download: true }}
            csv={{ title: 'inventory', titles: DEVICE_CSV.titles, keys: DEVICE_CSV.keys }}
            emptyState={<DeviceEmptyState product={product} />}
          />
        )}
      </Paper>
    </>
  );
}
