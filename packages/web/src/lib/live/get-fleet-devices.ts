import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEVICE_PATHS, deviceListSchema, type DeviceRow, type DeviceViewType } from '@netloom/domain';
import { api } from '@/lib/http/client';

/**
 * The fleet's device rows for a tenant, device group and view. REST fills this cache entry and
 * the live socket keeps it current (setQueryData), so every screen reads one source.
 */
export const fleetKeys = {
  all: ['fleet'] as const,
  devices: (tenantId: string | null, networkId: string | null, type: DeviceViewType) => ['fleet', 'devices', tenantId, networkId ?? '', type] as const,
  tenantInfo: (tenantId: string | null, networkId: string | null, type: DeviceViewType) => ['fleet', 'tenant-info', tenantId, networkId ?? '', type] as const,
};

async function getFleetDevices(tenantId: string, networkId: string | null, type: DeviceViewType, signal?: AbortSignal): Promise<DeviceRow[]> {
  const page = await api.get(DEVICE_PATHS.list, deviceListSchema, {
    query: { tid: tenantId, network_id: networkId ?? undefined, type, page_size: 0 },
    signal,
  });
  return page.results;
}

export function fleetDevicesQueryOptions(tenantId: string | null, networkId: string | null, type: DeviceViewType) {
  return queryOptions({
    queryKey: fleetKeys.devices(tenantId, networkId, type),
    queryFn: tenantId ? ({ signal }) => getFleetDevices(tenantId, networkId, type, signal) : skipToken,
    // The socket keeps the rows current; a refetch on every mount or focus would only repeat it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** The rows without a socket: the header's device picker reads the same cache entry. */
export function useFleetDevices(tenantId: string | null, networkId: string | null, type: DeviceViewType) {
  return useQuery(fleetDevicesQueryOptions(tenantId, networkId, type));
}
