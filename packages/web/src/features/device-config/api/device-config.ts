import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONFIG_PATHS, configRevisionListSchema, deviceConfigSchema, type ConfigDocument, type DeviceConfig } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

export const configKeys = {
  device: (tid: string | null, deviceId: string | null) => ['device-config', tid, deviceId] as const,
  revisions: (tid: string | null, deviceId: string | null) => ['device-config', tid, deviceId, 'revisions'] as const,
};

/** While a push is on its way the state is read again every 2 s, so 'syncing' turns into 'synced' or 'failed' by itself. */
export const SYNC_POLL_MS = 2_000;

export function deviceConfigQueryOptions(tid: string | null, deviceId: string | null) {
  return queryOptions({
    queryKey: configKeys.device(tid, deviceId),
    queryFn: deviceId ? ({ signal }) => api.get(CONFIG_PATHS.document(deviceId), deviceConfigSchema, { query: tidQuery(tid), signal }) : skipToken,
    refetchInterval: (query) => (query.state.data?.sync.state === 'syncing' ? SYNC_POLL_MS : false),
  });
}

export const useDeviceConfig = (deviceId: string | null) => useQuery(deviceConfigQueryOptions(useTenantScope(), deviceId));

export function useRevisions(deviceId: string | null, enabled: boolean) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: configKeys.revisions(tid, deviceId),
    queryFn:
      deviceId && enabled
        ? ({ signal }) => api.get(CONFIG_PATHS.revisions(deviceId), configRevisionListSchema, { query: { ...tidQuery(tid), page_size: 0 }, signal })
        : skipToken,
  });
}

/** After a save or a rollback the answer is the new state; the history is read again. */
function useConfigWrite<V>(deviceId: string, send: (v: V, tid: string | null) => Promise<DeviceConfig>) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (v: V) => send(v, tid),
    onSuccess: (state) => {
      queryClient.setQueryData(configKeys.device(tid, deviceId), state);
      void queryClient.invalidateQueries({ queryKey: configKeys.revisions(tid, deviceId) });
    },
  });
}

/** Saves the whole document as the device's next revision (and the server pushes it). */
export const useSaveDeviceConfig = (deviceId: string) =>
  useConfigWrite(deviceId, (document: ConfigDocument, tid) =>
    api.put(CONFIG_PATHS.document(deviceId), { document }, deviceConfigSchema, { query: tidQuery(tid) }),
  );

export const useRollback = (deviceId: string) =>
  useConfigWrite(deviceId, (revisionId: string, tid) =>
    api.post(CONFIG_PATHS.rollback(deviceId, revisionId), {}, deviceConfigSchema, { query: tidQuery(tid) }),
  );
