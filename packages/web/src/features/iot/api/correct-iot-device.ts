import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IOT_PATHS, iotDevicePatchSchema, iotDeviceSchema, type IotClass } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotKeys } from './iot-keys';

/** An admin's word on what a device is (kept across later reports); null hands it back to the evidence. */
export function useCorrectIotDevice(id: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (cls: IotClass | null) =>
      api.patch(IOT_PATHS.device(id), iotDevicePatchSchema.parse({ class: cls }), iotDeviceSchema, { query: tenantIdQuery(tid) }),
    // The class decides the lists' filters, the profile and the segments the device page shows.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: iotKeys.devices(tid) }), queryClient.invalidateQueries({ queryKey: iotKeys.segments(tid) })]),
  });
}
