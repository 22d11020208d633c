import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CHAT_PATHS,
  chatDocumentSchema,
  chatHistorySchema,
  chatInboxSchema,
  chatMessageSchema,
  chatSettingsSchema,
  type ChatChannel,
  type ChatDocument,
  type ChatMessage,
  type ChatSettings,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery } from '@/lib/tenant-scope';

export const chatKey = (tid: string | null) => ['chat', tid] as const;
const inboxKey = ['chat-inbox'] as const;

/** The tenant's chat: the channels this user may use, their latest messages and unread counts. */
export function useChat(tid: string | null, enabled = true) {
  return useQuery({
    queryKey: chatKey(tid),
    queryFn: ({ signal }) => api.get(CHAT_PATHS.chat, chatDocumentSchema, { query: tidQuery(tid), signal }),
    enabled: enabled && tid !== null,
  });
}

/**
 * A message into the cached chat: added once (the sender's own answer and the socket's copy are the
 * same message), in time order, and counted unread unless the reader is looking at it or sent it.
 */
export function addMessage(doc: ChatDocument | undefined, message: ChatMessage, countUnread: boolean): ChatDocument | undefined {
  if (!doc) return doc;
  return {
    ...doc,
    channels: doc.channels.map((c) => {
      if (c.channel !== message.channel || c.messages.some((m) => m.id === message.id)) return c;
      const messages = [...c.messages, message].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
      return { ...c, messages, unread: c.unread + (countUnread ? 1 : 0) };
    }),
  };
}

export function useSendChatMessage(tid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, body }: { channel: ChatChannel; body: string }) =>
      api.post(CHAT_PATHS.messages(channel), { body }, chatMessageSchema, { query: tidQuery(tid) }),
    onSuccess: (message) => qc.setQueryData<ChatDocument>(chatKey(tid), (doc) => addMessage(doc, message, false)),
  });
}

/** The channel is read up to now: its count goes to 0 at once, and the server keeps the marker. */
export function markChannelRead(qc: QueryClient, tid: string | null, channel: ChatChannel) {
  qc.setQueryData<ChatDocument>(chatKey(tid), (doc) => doc && { ...doc, channels: doc.channels.map((c) => (c.channel === channel ? { ...c, unread: 0 } : c)) });
  void api.put(CHAT_PATHS.read(channel), undefined, null, { query: tidQuery(tid) }).catch(() => undefined);
}

/** The next older page of a channel, put before what is shown. */
export async function loadOlder(qc: QueryClient, tid: string | null, channel: ChatChannel, before: string) {
  const page = await api.get(CHAT_PATHS.messages(channel), chatHistorySchema, { query: { ...tidQuery(tid), before } });
  qc.setQueryData<ChatDocument>(
    chatKey(tid),
    (doc) =>
      doc && {
        ...doc,
        channels: doc.channels.map((c) => (c.channel === channel ? { ...c, messages: [...page.messages, ...c.messages], has_more: page.has_more } : c)),
      },
  );
}

/** Support's inbox of every tenant's product channel, read again every 10 s (one tenant's socket at a time is open). */
export function useChatInbox() {
  return useQuery({
    queryKey: inboxKey,
    queryFn: ({ signal }) => api.get(CHAT_PATHS.inbox, chatInboxSchema, { signal }),
    refetchInterval: 10_000,
  });
}

export const refreshInbox = (qc: QueryClient) => qc.invalidateQueries({ queryKey: inboxKey });

export function useChatSettings() {
  return useQuery({ queryKey: ['chat-settings'], queryFn: ({ signal }) => api.get(CHAT_PATHS.settings, chatSettingsSchema, { signal }) });
}

export function useSaveChatSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChatSettings) => api.put(CHAT_PATHS.settings, settings, chatSettingsSchema),
    onSuccess: (saved) => qc.setQueryData(['chat-settings'], saved),
  });
}
