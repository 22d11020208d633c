import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHANNEL_PATHS,
  channelListSchema,
  channelSchema,
  channelSecretSchema,
  createdChannelSchema,
  deliveryListSchema,
  deliverySchema,
  type ChannelBody,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const channelsKey = (tid: string | null) => ['notification-channels', tid] as const;

export function useChannels() {
  const tid = useTenantScope();
  return useQuery({ queryKey: channelsKey(tid), queryFn: ({ signal }) => api.get(CHANNEL_PATHS.list, channelListSchema, { query: tidQuery(tid), signal }) });
}

/** Writes refresh the list. */
function useChannelWrite<V, R>(send: (v: V, tid: string | null) => Promise<R>) {
  const qc = useQueryClient();
  const tid = useTenantScope();
  return useMutation({ mutationFn: (v: V) => send(v, tid), onSuccess: () => void qc.invalidateQueries({ queryKey: channelsKey(tid) }) });
}

/** Answers the new channel with a webhook's signing secret, the one time it is shown. */
export const useCreateChannel = () =>
  useChannelWrite((body: ChannelBody, tid) => api.post(CHANNEL_PATHS.list, body, createdChannelSchema, { query: tidQuery(tid) }));
export const useUpdateChannel = () =>
  useChannelWrite(({ id, body }: { id: string; body: ChannelBody }, tid) => api.put(CHANNEL_PATHS.one(id), body, channelSchema, { query: tidQuery(tid) }));
export const useDeleteChannel = () => useChannelWrite((id: string, tid) => api.delete(CHANNEL_PATHS.one(id), null, { query: tidQuery(tid) }));

/** A webhook's new signing secret, answered once; the list does not change (it still signs). */
export function useRotateSecret() {
  const tid = useTenantScope();
  return useMutation({ mutationFn: (id: string) => api.post(CHANNEL_PATHS.rotateSecret(id), {}, channelSecretSchema, { query: tidQuery(tid) }) });
}

export function useSendTest() {
  const tid = useTenantScope();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(CHANNEL_PATHS.test(id), {}, deliverySchema, { query: tidQuery(tid) }),
    onSuccess: (_d, id) => void qc.invalidateQueries({ queryKey: ['channel-deliveries', tid, id] }),
  });
}

/** The delivery log refreshes every few seconds while it is open: a test lands a moment later. */
export function useDeliveries(channelId: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['channel-deliveries', tid, channelId],
    queryFn: channelId
      ? ({ signal }) => api.get(CHANNEL_PATHS.deliveries(channelId), deliveryListSchema, { query: { ...tidQuery(tid), page_size: 100 }, signal })
      : skipToken,
    refetchInterval: 3_000,
  });
}
