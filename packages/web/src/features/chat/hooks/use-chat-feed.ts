import { useQueryClient } from '@tanstack/react-query';
import { LIVE_CHAT_FEED, SUPPORT_SENDER, type ChatChannel, type ChatDocument, type ChatLiveEvent } from '@netloom/domain';
import { useFeedSocket } from '@/lib/live/use-feed-socket';
import { addMessage, chatKey, markChannelRead } from '../api/chat';

const isChatEvent = (json: unknown): json is ChatLiveEvent =>
  typeof json === 'object' && json !== null && (json as { kind?: unknown }).kind === 'chat' && typeof (json as { message?: unknown }).message === 'object';

export interface ChatFeedOptions {
  /** Whose console this is: their own messages never count as unread nor ring. */
  me: { email: string; support: boolean };
  /** The channel the reader has in front of them now, if any: what arrives there is read at once. */
  viewing: () => ChatChannel | null;
}

/**
 * The tenant's chat live: each message over the socket goes into the cached chat (unread unless the
 * reader is looking at that channel), a desktop notification when the tab is hidden, and the whole
 * chat read again whenever the socket is (back) in, so nothing sent meanwhile is missed.
 */
export function useChatFeed(tid: string | null, { me, viewing }: ChatFeedOptions) {
  const qc = useQueryClient();
  useFeedSocket(tid, LIVE_CHAT_FEED, {
    onMessage: (json) => {
      if ((json as { kind?: unknown }).kind === 'chat_live') return void qc.invalidateQueries({ queryKey: chatKey(tid) });
      if (!isChatEvent(json) || json.tenant_id !== tid) return;
      const { message } = json;
      const mine = me.support ? message.from === SUPPORT_SENDER : message.email === me.email;
      const seen = !document.hidden && viewing() === message.channel;
      qc.setQueryData<ChatDocument>(chatKey(tid), (doc) => addMessage(doc, message, !mine && !seen));
      if (!mine && seen) markChannelRead(qc, tid, message.channel);
      if (!mine && document.hidden) notify(message.user, message.body);
    },
  });
}

function notify(title: string, body: string) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body: body.slice(0, 200), tag: 'netloom-chat' });
  } catch {
    // Some browsers allow notifications only from a service worker: the unread count still shows.
  }
}
