import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IOT_PATHS, iotSegmentInputSchema, iotSegmentListSchema, type IotSegmentInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotKeys } from './iot-keys';

/** Fences a device or a class on its gateways: one segment per gateway its devices are on. */
export function useCreateIotSegment() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: IotSegmentInput) =>
      api.post(IOT_PATHS.segments, iotSegmentInputSchema.parse(input), iotSegmentListSchema, { query: tenantIdQuery(tid) }).then((l) => l.results),
    // A device page names the segments that fence it.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: iotKeys.segments(tid) }), queryClient.invalidateQueries({ queryKey: iotKeys.devices(tid) })]),
  });
}
