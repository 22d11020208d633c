import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEMPLATE_PATHS,
  configBindingSavedSchema,
  configBindingSchema,
  configOperationListSchema,
  configOperationSchema,
  configTemplateListSchema,
  configTemplateSchema,
  templateDevicePreviewSchema,
  templatePreviewSchema,
  type ConfigBinding,
  type ConfigFamily,
  type ConfigOperation,
  type ConfigOperationSummary,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { CONFIG_SAFETY_REFRESH_MS, useConfigChanges } from '@/lib/live/config-feed';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const templateKeys = {
  all: (tid: string | null) => ['config-templates', tid] as const,
  one: (tid: string | null, id: string) => ['config-templates', tid, id] as const,
  preview: (tid: string | null, id: string) => ['config-templates', tid, id, 'preview'] as const,
  binding: (tid: string | null, kind: string, id: string) => ['config-bindings', tid, kind, id] as const,
  operation: (tid: string | null, id: string) => ['config-operations', tid, id] as const,
  operations: (tid: string | null) => ['config-operations', tid, 'recent'] as const,
};

/**
 * A bulk push in progress is read again as its devices' pushes move on (the live socket says so),
 * and now and then while the socket is down, until no device has a push on its way.
 */
function useOperationProgress(key: readonly unknown[], inProgress: (devices: ReadonlySet<string> | null) => boolean) {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  return useConfigChanges(tid, (changed) => {
    if (inProgress(changed)) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  });
}

export function useTemplates() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: templateKeys.all(tid),
    queryFn: ({ signal }) => api.get(TEMPLATE_PATHS.list, configTemplateListSchema, { query: { ...tidQuery(tid), page_size: 0 }, signal }),
  });
}

export function useTemplate(id: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: templateKeys.one(tid, id ?? ''),
    queryFn: id ? ({ signal }) => api.get(TEMPLATE_PATHS.one(id), configTemplateSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

/** Every template change refreshes the list, the template and its preview. */
function useTemplateWrite<V, R>(send: (v: V, tid: string | null) => Promise<R>) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (v: V) => send(v, tid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.all(tid) }),
  });
}

export const useCreateTemplate = () =>
  useTemplateWrite((body: { name: string; description?: string }, tid) => api.post(TEMPLATE_PATHS.list, body, configTemplateSchema, { query: tidQuery(tid) }));

export const useUpdateTemplate = (id: string) =>
  useTemplateWrite((body: { name?: string; description?: string; defaults?: Record<string, string> }, tid) =>
    api.put(TEMPLATE_PATHS.one(id), body, configTemplateSchema, { query: tidQuery(tid) }),
  );

export const useDeleteTemplate = () => useTemplateWrite((id: string, tid) => api.delete(TEMPLATE_PATHS.one(id), null, { query: tidQuery(tid) }));

export const useSaveTemplateSection = (id: string) =>
  useTemplateWrite(({ family, section }: { family: ConfigFamily; section: unknown }, tid) =>
    section === null
      ? api.delete(TEMPLATE_PATHS.section(id, family), configTemplateSchema, { query: tidQuery(tid) })
      : api.put(TEMPLATE_PATHS.section(id, family), { section }, configTemplateSchema, { query: tidQuery(tid) }),
  );

export function useTemplatePreview(id: string) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: templateKeys.preview(tid, id),
    queryFn: ({ signal }) => api.get(TEMPLATE_PATHS.preview(id), templatePreviewSchema, { query: tidQuery(tid), signal }),
  });
}

export function useTemplateDevicePreview(id: string, deviceId: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: [...templateKeys.preview(tid, id), deviceId],
    queryFn: deviceId
      ? ({ signal }) => api.get(TEMPLATE_PATHS.previewDevice(id, deviceId), templateDevicePreviewSchema, { query: tidQuery(tid), signal })
      : skipToken,
  });
}

export const useApplyTemplate = (id: string) =>
  useTemplateWrite((_: void, tid) => api.post(TEMPLATE_PATHS.apply(id), {}, configOperationSchema, { query: tidQuery(tid) }));

/** A bulk push's progress, read every second until it is done. */
export function useOperation(id: string | null) {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  const key = templateKeys.operation(tid, id ?? '');
  const live = useOperationProgress(key, (changed) => {
    const op = queryClient.getQueryData<ConfigOperation>(key);
    return !!id && !!op && !op.done && (!changed || op.devices.some((d) => changed.has(d.device_id)));
  });
  return useQuery({
    queryKey: key,
    queryFn: id ? ({ signal }) => api.get(TEMPLATE_PATHS.operation(id), configOperationSchema, { query: tidQuery(tid), signal }) : skipToken,
    refetchInterval: (query) => (!live && query.state.data && !query.state.data.done ? CONFIG_SAFETY_REFRESH_MS : false),
    placeholderData: keepPreviousData,
  });
}

/** How many of the tenant's bulk pushes the Config Templates page lists. */
const RECENT_OPERATIONS = 5;

/** The tenant's newest bulk pushes with their counts, read every second while one of them is still on its way. */
export function useRecentOperations() {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  const key = templateKeys.operations(tid);
  // A summary names no devices: any device's push moving on may move one of them.
  const live = useOperationProgress(key, () => !!queryClient.getQueryData<{ results: ConfigOperationSummary[] }>(key)?.results.some((o) => !o.done));
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get(TEMPLATE_PATHS.operations, configOperationListSchema, { query: { ...tidQuery(tid), page_size: RECENT_OPERATIONS }, signal }),
    refetchInterval: (query) => (!live && query.state.data?.results.some((o) => !o.done) ? CONFIG_SAFETY_REFRESH_MS : false),
  });
}

export function useBinding(kind: 'device' | 'network', id: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: templateKeys.binding(tid, kind, id ?? ''),
    queryFn: id ? ({ signal }) => api.get(TEMPLATE_PATHS.binding(kind, id), configBindingSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

export function useSaveBinding(kind: 'device' | 'network', id: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: Pick<ConfigBinding, 'template_ids' | 'variables'>) =>
      api.put(TEMPLATE_PATHS.binding(kind, id), body, configBindingSavedSchema, { query: tidQuery(tid) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templateKeys.binding(tid, kind, id) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.all(tid) });
    },
  });
}
