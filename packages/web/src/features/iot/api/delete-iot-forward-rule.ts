import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IOT_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotKeys } from './iot-keys';

/** Stops forwarding a rule's topics; the series already recorded stay until their retention. */
export function useDeleteIotForwardRule() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(IOT_PATHS.forwardRule(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: iotKeys.forwardRules(tid) }),
  });
}
