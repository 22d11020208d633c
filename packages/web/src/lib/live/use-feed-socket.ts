import { useEffect, useRef } from 'react';
import { openFeedSocket, openPathSocket, type FeedHandlers } from './feed-socket';

/**
 * One named feed of a tenant's browser socket (`/ws/status/{tenant}?feed=…`) for as long as the
 * component is mounted (see openFeedSocket). `onOpen` runs on every (re)connection, so a page can
 * read again what it may have missed; `onMessage` gets each parsed JSON message.
 */
export function useFeedSocket(tenantId: string | null, feed: string, handlers: FeedHandlers) {
  // The latest handlers without reconnecting when a render makes new ones.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!tenantId) return;
    return openFeedSocket(tenantId, feed, () => latest.current);
  }, [tenantId, feed]);
}

/** A live socket at a path of its own (`/ws/support-desk`) for as long as the component is mounted; null: none. */
export function usePathSocket(path: string | null, handlers: FeedHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!path) return;
    return openPathSocket(path, () => latest.current);
  }, [path]);
}
