import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEVICE_PATHS, networkSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { networksQueryOptions } from '@/lib/get-networks';
import type { NetworkForm } from './create-network';

/** Group changes refresh the group list and the device lists (a device's group is on its row). */
function useNetworkWrite<V>(send: (v: V, tid: string | null) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (v: V) => send(v, tid),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: networksQueryOptions(tid).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['fleet'] });
    },
  });
}

export const useRenameNetwork = (id: string) =>
  useNetworkWrite((form: NetworkForm, tid) => api.put(DEVICE_PATHS.network(id), form, networkSchema, { query: tidQuery(tid) }));

export const useDeleteNetwork = () => useNetworkWrite((id: string, tid) => api.delete(DEVICE_PATHS.network(id), null, { query: tidQuery(tid) }));

export const useSetNetworkMembers = (id: string) =>
  useNetworkWrite((deviceIds: string[], tid) => api.put(DEVICE_PATHS.networkMembers(id), { device_ids: deviceIds }, networkSchema, { query: tidQuery(tid) }));
