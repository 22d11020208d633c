import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONFIG_PATHS,
  configExportSchema,
  configRevisionListSchema,
  configRevisionSchema,
  deviceConfigSchema,
  enableConfigsSchema,
  type ConfigExportPart,
  type ConfigFamily,
  type DeviceConfig,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { CONFIG_SAFETY_REFRESH_MS, useConfigChanges } from '@/lib/live/config-feed';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const configKeys = {
  device: (tid: string | null, deviceId: string | null) => ['device-config', tid, deviceId] as const,
  revisions: (tid: string | null, deviceId: string | null) => ['device-config', tid, deviceId, 'revisions'] as const,
  revision: (tid: string | null, deviceId: string, revisionId: string) => ['device-config', tid, deviceId, 'revisions', revisionId] as const,
  enableConfigs: (tid: string | null, deviceId: string | null) => ['device-config', tid, deviceId, 'enable-configs'] as const,
};

function deviceConfigQueryOptions(tid: string | null, deviceId: string | null) {
  return queryOptions({
    queryKey: configKeys.device(tid, deviceId),
    queryFn: deviceId ? ({ signal }) => api.get(CONFIG_PATHS.document(deviceId), deviceConfigSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

/**
 * A device's configuration and sync state. The live socket says when its push moves on, so
 * 'syncing' turns into 'synced' or 'failed' by itself; only while the socket is down is it read
 * again now and then.
 */
export function useDeviceConfig(deviceId: string | null) {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  const live = useConfigChanges(tid, (changed) => {
    if (deviceId && (!changed || changed.has(deviceId))) void queryClient.invalidateQueries({ queryKey: configKeys.device(tid, deviceId), exact: true });
  });
  return useQuery({ ...deviceConfigQueryOptions(tid, deviceId), refetchInterval: live ? false : CONFIG_SAFETY_REFRESH_MS });
}

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
      void queryClient.invalidateQueries({ queryKey: configKeys.enableConfigs(tid, deviceId) });
    },
  });
}

/** Re-sync: the desired configuration goes whole to the device now; the answer is the new state. */
export const useResync = (deviceId: string) =>
  useConfigWrite(deviceId, (_: void, tid) => api.post(CONFIG_PATHS.resync(deviceId), {}, deviceConfigSchema, { query: tidQuery(tid) }));

export const useRollback = (deviceId: string) =>
  useConfigWrite(deviceId, (revisionId: string, tid) =>
    api.post(CONFIG_PATHS.rollback(deviceId, revisionId), {}, deviceConfigSchema, { query: tidQuery(tid) }),
  );

/** A whole revision, for the diff of two. */
export function useRevision(deviceId: string, revisionId: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: configKeys.revision(tid, deviceId, revisionId ?? ''),
    queryFn: revisionId
      ? ({ signal }) => api.get(CONFIG_PATHS.revision(deviceId, revisionId), configRevisionSchema, { query: tidQuery(tid), signal })
      : skipToken,
    staleTime: Infinity,
  });
}

/** Sets a family's own section (null hands it back to the templates); `draft` starts a draft instead of pushing. */
export const useSaveSection = (deviceId: string) =>
  useConfigWrite(deviceId, ({ family, section, draft, message }: { family: ConfigFamily; section: unknown; draft?: boolean; message?: string }, tid) =>
    section === null
      ? api.delete(CONFIG_PATHS.section(deviceId, family), deviceConfigSchema, { query: tidQuery(tid) })
      : api.put(CONFIG_PATHS.section(deviceId, family), { section, ...(draft && { draft: true }), ...(message && { message }) }, deviceConfigSchema, {
          query: tidQuery(tid),
        }),
  );

export const usePushDraft = (deviceId: string) =>
  useConfigWrite(deviceId, (message: string | undefined, tid) =>
    api.post(CONFIG_PATHS.draftPush(deviceId), message ? { message } : {}, deviceConfigSchema, { query: tidQuery(tid) }),
  );

export const useDiscardDraft = (deviceId: string) =>
  useConfigWrite(deviceId, (_: void, tid) => api.delete(CONFIG_PATHS.draft(deviceId), deviceConfigSchema, { query: tidQuery(tid) }));

export function useEnableConfigs(deviceId: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: configKeys.enableConfigs(tid, deviceId),
    queryFn: deviceId ? ({ signal }) => api.get(CONFIG_PATHS.enableConfigs(deviceId), enableConfigsSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

/** Turns families on or off (a new revision when that changes what is pushed) and auto-sync. */
export function useSetEnableConfigs(deviceId: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: { families?: Partial<Record<ConfigFamily, boolean>>; auto_sync?: boolean }) =>
      api.post(CONFIG_PATHS.enableConfigs(deviceId), body, enableConfigsSchema, { query: tidQuery(tid) }),
    onSuccess: (state) => {
      queryClient.setQueryData(configKeys.enableConfigs(tid, deviceId), state);
      void queryClient.invalidateQueries({ queryKey: configKeys.device(tid, deviceId) });
      void queryClient.invalidateQueries({ queryKey: configKeys.revisions(tid, deviceId) });
    },
  });
}

/** The configuration file the server makes (the desired document, or the device's own sections), saved as `<name>.json`. */
export function useExportConfig(deviceId: string) {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: async (part: ConfigExportPart) => {
      const file = await api.get(CONFIG_PATHS.export(deviceId), configExportSchema, { query: { ...tidQuery(tid), part } });
      const name = `${file.device.name.replace(/[^A-Za-z0-9._-]+/g, '_')}-${part === 'own' ? 'own-' : ''}r${file.revision?.number ?? 0}`;
      downloadJson(name, file);
      return file;
    },
  });
}

function downloadJson(title: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title}.json`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** An uploaded document becomes the device's own sections as one revision (source import), pushed like any edit. */
export const useImportConfig = (deviceId: string) =>
  useConfigWrite(deviceId, ({ document, message }: { document: Record<string, unknown>; message?: string }, tid) =>
    api.post(CONFIG_PATHS.import(deviceId), { document, ...(message && { message }) }, deviceConfigSchema, { query: tidQuery(tid) }),
  );
