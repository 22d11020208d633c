import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NDR_PATHS, ndrActionInputSchema, ndrActionSchema, type NdrActionInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ndrKeys } from './ndr-keys';

/** Quarantines a host or blocks a destination: the gateway's configuration gets the rules (or NAC its decision). */
export function useTakeNdrAction() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: NdrActionInput) => api.post(NDR_PATHS.actions, ndrActionInputSchema.parse(input), ndrActionSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ndrKeys.actions(tid) }),
        // A detection lists its actions, and hosts show whether they are quarantined.
        queryClient.invalidateQueries({ queryKey: ndrKeys.detections(tid) }),
      ]),
  });
}

/** Takes an action back out of the gateway's configuration. */
export function useUndoNdrAction() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.post(NDR_PATHS.actionUndo(id), {}, ndrActionSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ndrKeys.actions(tid) }), queryClient.invalidateQueries({ queryKey: ndrKeys.detections(tid) })]),
  });
}
