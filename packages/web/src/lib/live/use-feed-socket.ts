import { useEffect, useRef } from 'react';
import { liveUrl } from './fleet-feed';
import { sessionStore } from '@/lib/session/session-store';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * One named feed of a tenant's browser socket (`/ws/status/{tenant}?feed=…`): token first,
 * reconnecting with a growing pause. `onOpen` runs on every (re)connection, so a page can read
 * again what it may have missed; `onMessage` gets each parsed JSON message.
 */
export function useFeedSocket(tenantId: string | null, feed: string, handlers: { onOpen?: () => void; onMessage: (json: unknown) => void }) {
  // The latest handlers without reconnecting when a render makes new ones.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!tenantId) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;
    const connect = () => {
      const ws = new WebSocket(`${liveUrl(tenantId)}?feed=${feed}`);
      socket = ws;
      ws.onopen = () => {
        attempts = 0;
        ws.send(JSON.stringify({ token: sessionStore.current()?.access ?? '' }));
        latest.current.onOpen?.();
      };
      ws.onmessage = (ev) => {
        let json: unknown;
        try {
          json = JSON.parse(String(ev.data));
        } catch {
          return; // Not JSON: nothing this feed sends.
        }
        latest.current.onMessage(json);
      };
      ws.onclose = (ev) => {
        // Refused (no right to this tenant): no retry can change that.
        if (stopped || ev.code === 4403 || ev.code === 4404) return;
        retry = setTimeout(connect, RETRY_MS[Math.min(attempts++, RETRY_MS.length - 1)]);
      };
    };
    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    };
  }, [tenantId, feed]);
}
