import { useMemo } from 'react';
import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { deviceOptions } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { LogPager } from '@/components/logs/log-pager';
import { PageHeader } from '@/components/page-header';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';
import { paths } from '@/paths';
import { useIotDevices } from '@/features/iot/api/get-iot-devices';
import { useIotSummary } from '@/features/iot/api/get-iot-summary';
import { DeviceFilters } from '@/features/iot/components/device-filters';
import { DevicesTable } from '@/features/iot/components/devices-table';
import { useDeviceFilters } from '@/features/iot/hooks/use-device-filters';

/** IoT Gateway › Devices: what the gateways discovered on their LANs, filtered and paged by the server; a row opens the device. */
export function IotDevicesPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const filters = useDeviceFilters();
  const { query, update } = filters;
  const devices = useIotDevices(query);
  const gateways = useFleetDevices(useTenantScope(), null, 'device');
  const summary = useIotSummary();
  const vendors = useMemo(
    () => (summary.data?.by_vendor ?? []).flatMap((v) => (v.vendor ? [v.vendor] : [])).sort((a, b) => a.localeCompare(b)),
    [summary.data],
  );
  return (
    <>
      <PageHeader title="IoT devices" subtitle="The devices your gateways discovered on their LANs" />
      <Stack gap="md">
        <DeviceFilters filters={filters} gateways={deviceOptions(gateways.data ?? [])} vendors={vendors} />
        <Paper withBorder p="md">
          {devices.isError ? (
            <ErrorPanel onRetry={() => void devices.refetch()} />
          ) : (
            <DevicesTable
              devices={devices.data?.results ?? []}
              loading={devices.isLoading}
              timezone={user?.timezone ?? null}
              onOpen={(d) => void navigate(paths.iot.device(d.id))}
            />
          )}
          <LogPager
            count={devices.data?.count}
            page={query.page ?? 1}
            size={query.page_size ?? 50}
            onPage={(p) => update({ page: String(p) })}
            onSize={(s) => update({ size: s })}
          />
        </Paper>
      </Stack>
    </>
  );
}
