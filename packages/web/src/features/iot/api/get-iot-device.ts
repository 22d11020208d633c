import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { IOT_PATHS, iotDeviceDetailSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotWindowQuery, type IotWindow } from '@/features/iot/hooks/iot-windows';
import { IOT_REFRESH_MS, iotKeys } from './iot-keys';

function iotDeviceQueryOptions(tid: string | null, id: string, window: IotWindow) {
  return queryOptions({
    queryKey: iotKeys.device(tid, id, window),
    queryFn: tid
      ? ({ signal }) => api.get(IOT_PATHS.device(id), iotDeviceDetailSchema, { query: { ...tenantIdQuery(tid), ...iotWindowQuery(window) }, signal })
      : skipToken,
    refetchInterval: IOT_REFRESH_MS,
  });
}

/** One device: its report, classification, telemetry over the window, class profile, deviations and segments. */
export function useIotDevice(id: string, window: IotWindow) {
  return useQuery(iotDeviceQueryOptions(useTenantScope(), id, window));
}
