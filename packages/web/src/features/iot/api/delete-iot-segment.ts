import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IOT_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotKeys } from './iot-keys';

/** Removes a segment: exactly what it added to its gateway's configuration goes. */
export function useDeleteIotSegment() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(IOT_PATHS.segment(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: iotKeys.segments(tid) }), queryClient.invalidateQueries({ queryKey: iotKeys.devices(tid) })]),
  });
}
