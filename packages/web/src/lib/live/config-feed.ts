import { useEffect, useRef, useState } from 'react';
import { configSyncEventSchema, LIVE_CONFIG_FEED } from '@netloom/domain';
import { openFeedSocket } from './feed-socket';

/** While the socket is down, what shows devices' configuration is read again this often (a safety net, not the way news comes). */
export const CONFIG_SAFETY_REFRESH_MS = 30_000;
/** Events of a burst (a bulk push reaching a thousand devices) are told together, at most this often. */
const BATCH_MS = 250;

/** Told of the devices whose configuration moved on; null: the socket (re)connected, anything may have. */
export type ConfigChange = (deviceIds: ReadonlySet<string> | null) => void;

interface Listener {
  change: ConfigChange;
  status: (live: boolean) => void;
}

/**
 * One socket per tenant on the configuration feed (`?feed=config`), shared by every view that
 * shows devices' configuration while at least one is mounted.
 */
class ConfigFeed {
  readonly listeners = new Set<Listener>();
  live = false;
  private pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly close: () => void;

  constructor(tenantId: string) {
    this.close = openFeedSocket(tenantId, LIVE_CONFIG_FEED, () => ({
      onOpen: () => this.setLive(true, true),
      onDown: () => this.setLive(false, false),
      onMessage: (json) => {
        const event = configSyncEventSchema.safeParse(json);
        if (!event.success) return;
        this.pending.add(event.data.device_id);
        this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
      },
    }));
  }

  private setLive(live: boolean, reconnected: boolean) {
    this.live = live;
    for (const l of this.listeners) {
      l.status(live);
      if (reconnected) l.change(null);
    }
  }

  private flush() {
    this.timer = null;
    const changed = this.pending;
    this.pending = new Set();
    for (const l of this.listeners) l.change(changed);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.close();
  }
}

const feeds = new Map<string, ConfigFeed>();

function subscribe(tenantId: string, listener: Listener): () => void {
  let feed = feeds.get(tenantId);
  if (!feed) feeds.set(tenantId, (feed = new ConfigFeed(tenantId)));
  feed.listeners.add(listener);
  listener.status(feed.live);
  const subscribed = feed;
  return () => {
    subscribed.listeners.delete(listener);
    if (subscribed.listeners.size > 0 || feeds.get(tenantId) !== subscribed) return;
    subscribed.stop();
    feeds.delete(tenantId);
  };
}

/**
 * Devices' configuration as it moves on (a push queued, sent, answered, undone; drift repaired),
 * from the tenant's live socket: `onChange` reads again what the view shows of them. Answers
 * whether the socket is up; while it is not, a view refreshes slowly (CONFIG_SAFETY_REFRESH_MS).
 */
export function useConfigChanges(tenantId: string | null, onChange: ConfigChange): boolean {
  const latest = useRef(onChange);
  latest.current = onChange;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!tenantId) return;
    return subscribe(tenantId, { change: (ids) => latest.current(ids), status: setLive });
  }, [tenantId]);
  return live;
}
