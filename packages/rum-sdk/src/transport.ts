import type { Beacon, PageView, RumEvent } from './types.ts';
import { safe } from './util.ts';

/** Events per beacon before it is sent at once (the server takes 1..100). */
const BATCH_SIZE = 30;
/** A beacon's body stays well under the server's 64 kB and the browser's keepalive quota. */
const MAX_BODY = 60_000;
/** A long-lived page still reports: what waits is sent after this long. */
const FLUSH_AFTER_MS = 5_000;

interface Queued {
  view: PageView;
  event: RumEvent | (() => RumEvent | null);
}

export interface Transport {
  /** Queues an event for a page view; a function is read at send time (a summary that fills in later). */
  add(view: PageView, event: Queued['event']): void;
  flush(): void;
}

export function createTransport(endpoint: string, context: () => Pick<Beacon, 'sid' | 'ref' | 'release'>): Transport {
  let queue: Queued[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = safe(() => {
    clearTimeout(timer);
    timer = undefined;
    const items = queue;
    queue = [];
    // One beacon per page view: each carries its own pid, url and route.
    const byView = new Map<PageView, RumEvent[]>();
    for (const item of items) {
      const event = typeof item.event === 'function' ? item.event() : item.event;
      if (!event) continue;
      const list = byView.get(item.view) ?? [];
      list.push(event);
      byView.set(item.view, list);
    }
    const base = context();
    byView.forEach((events, view) => {
      for (let i = 0; i < events.length; i += 100) {
        sendSplit({ v: 1, ...base, pid: view.pid, url: view.url, route: view.route, events: events.slice(i, i + 100) });
      }
    });
  });

  /** Sends a beacon, halved until each half fits (a long stack or many errors can make one too large). */
  function sendSplit(beacon: Beacon): void {
    const body = JSON.stringify(beacon);
    if (body.length > MAX_BODY && beacon.events.length > 1) {
      const half = Math.ceil(beacon.events.length / 2);
      sendSplit({ ...beacon, events: beacon.events.slice(0, half) });
      sendSplit({ ...beacon, events: beacon.events.slice(half) });
      return;
    }
    if (body.length > MAX_BODY) return;
    send(endpoint, body);
  }

  return {
    add: safe((view: PageView, event: Queued['event']) => {
      queue.push({ view, event });
      if (queue.length >= BATCH_SIZE) flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
    }),
    flush,
  };
}

/**
 * sendBeacon survives the page's unload and needs no CORS preflight (its string body goes as
 * text/plain); where it is missing or refuses (a full queue), fetch with keepalive does the same work.
 */
function send(endpoint: string, body: string): void {
  let sent: boolean;
  try {
    sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, body);
  } catch {
    sent = false;
  }
  if (sent || typeof fetch !== 'function') return;
  try {
    fetch(endpoint, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
    }).catch(() => undefined);
  } catch {
    // Nothing more to try: the measurement is lost, the page is not.
  }
}
