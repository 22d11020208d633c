import { queryOptions, skipToken } from '@tanstack/react-query';
import { DEVICE_PATHS, tenantInfoSchema, type DeviceViewType, type TenantInfo } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { fleetKeys } from './get-fleet-devices';

/**
 * The server's tile counts (spec 001 §7 tenant info) of one product's devices; the socket's
 * tenantinfo updates them. The dashboard counts its tiles from its own rows and takes only the
 * number of device groups from here.
 */
function getTenantInfo(tenantId: string, networkId: string | null, type: DeviceViewType, signal?: AbortSignal): Promise<TenantInfo> {
  return api.get(DEVICE_PATHS.tenantInfo, tenantInfoSchema, { query: { tid: tenantId, network_id: networkId ?? undefined, type }, signal });
}

export function tenantInfoQueryOptions(tenantId: string | null, networkId: string | null, type: DeviceViewType) {
  return queryOptions({
    queryKey: fleetKeys.tenantInfo(tenantId, networkId, type),
    queryFn: tenantId ? ({ signal }) => getTenantInfo(tenantId, networkId, type, signal) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
