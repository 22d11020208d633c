import { sessionStore } from '@/lib/session/session-store';
import { liveUrl } from './fleet-feed';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

export interface FeedHandlers {
  /** Every (re)connection: what may have been missed meanwhile is read again. */
  onOpen?: () => void;
  onMessage: (json: unknown) => void;
  /** The socket closed; it reconnects by itself unless it was refused. */
  onDown?: () => void;
}

/**
 * One named feed of a tenant's browser socket (`/ws/status/{tenant}?feed=…`): token first,
 * reconnecting with a growing pause. `handlers()` is asked on every event, so a caller may change
 * them without reconnecting. Answers the function that closes it for good.
 */
export function openFeedSocket(tenantId: string, feed: string, handlers: () => FeedHandlers): () => void {
  return openSocketAt(`${liveUrl(tenantId)}?feed=${feed}`, handlers);
}

/** A live path of this server that is not a tenant's (`/ws/support-desk`), signed in and reconnecting the same way. */
export function openPathSocket(path: string, handlers: () => FeedHandlers, loc: Pick<Location, 'protocol' | 'host'> = window.location): () => void {
  return openSocketAt(`${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${path}`, handlers);
}

function openSocketAt(url: string, handlers: () => FeedHandlers): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let attempts = 0;
  let stopped = false;
  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      ws.send(JSON.stringify({ token: sessionStore.current()?.access ?? '' }));
      handlers().onOpen?.();
    };
    ws.onmessage = (ev) => {
      let json: unknown;
      try {
        json = JSON.parse(String(ev.data));
      } catch {
        return; // Not JSON: nothing this feed sends.
      }
      handlers().onMessage(json);
    };
    ws.onclose = (ev) => {
      if (stopped) return;
      handlers().onDown?.();
      // Refused (no right to this tenant or feed): no retry can change that.
      if (ev.code === 4403 || ev.code === 4404) return;
      retry = setTimeout(connect, RETRY_MS[Math.min(attempts++, RETRY_MS.length - 1)]);
    };
  };
  connect();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    socket?.close();
  };
}
