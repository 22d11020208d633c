import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { IOT_PATHS, iotDeviceListSchema, type IotDeviceListQuery } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { IOT_REFRESH_MS, iotKeys } from './iot-keys';

export type IotDevicesQuery = Partial<Omit<IotDeviceListQuery, 'tenant_id'>>;

function iotDevicesQueryOptions(tid: string | null, query: IotDevicesQuery) {
  return queryOptions({
    queryKey: iotKeys.deviceList(tid, query),
    queryFn: tid ? ({ signal }) => api.get(IOT_PATHS.devices, iotDeviceListSchema, { query: { ...tenantIdQuery(tid), ...query }, signal }) : skipToken,
    refetchInterval: IOT_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** One page of the devices the gateways discovered, the most recently seen first. */
export function useIotDevices(query: IotDevicesQuery) {
  return useQuery(iotDevicesQueryOptions(useTenantScope(), query));
}

/** The overview reads this many devices at most in one call (the API's largest page). */
const IOT_INVENTORY_MAX = 500;

/** The devices most recently seen, as many as one call answers: the segment form's choices. */
export function useIotInventory() {
  return useQuery(iotDevicesQueryOptions(useTenantScope(), { page: 1, page_size: IOT_INVENTORY_MAX }));
}
