import { queryOptions, skipToken } from '@tanstack/react-query';
import { DEVICE_PATHS, tenantInfoSchema, type TenantInfo } from '@netloom/domain';
import { api } from '../http/client';
import { fleetKeys } from './get-fleet-devices';

/** The dashboard tiles' counts (spec 001 §7 tenant info); the socket's tenantinfo updates them. */
export function getTenantInfo(tenantId: string, networkId: string | null, signal?: AbortSignal): Promise<TenantInfo> {
  return api.get(DEVICE_PATHS.tenantInfo, tenantInfoSchema, { query: { tid: tenantId, network_id: networkId ?? undefined }, signal });
}

export function tenantInfoQueryOptions(tenantId: string | null, networkId: string | null) {
  return queryOptions({
    queryKey: fleetKeys.tenantInfo(tenantId, networkId),
    queryFn: tenantId ? ({ signal }) => getTenantInfo(tenantId, networkId, signal) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
