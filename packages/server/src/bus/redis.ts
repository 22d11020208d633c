import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { BusHealth, EventBus } from './event-bus';

/** A publish that Redis has not answered in this long is delivered on this instance instead. */
const COMMAND_TIMEOUT_MS = 1_000;
/** How long the first calls wait for the connections at start. */
const FIRST_CONNECT_MS = 2_000;

/**
 * Redis pub/sub: every instance publishes on one connection and listens on another (a
 * subscribed connection can do nothing else). Local handlers are kept per topic, so a topic is
 * subscribed in Redis once however many sockets of this instance want it. Channels carry the
 * deployment's prefix, so deployments sharing one Redis never hear each other.
 *
 * Redis is a fan-out here, never something to wait for: while it is unreachable, publishing
 * delivers to this instance's own subscribers at once (devices and the consoles on the same
 * instance keep their live updates), subscribing only records the handler, and nothing throws or
 * hangs. When Redis is back, every topic in use is subscribed again and fan-out across instances
 * resumes by itself; `health()` says which of the two it is doing.
 */
export function createRedisBus(url: string, log: FastifyBaseLogger, prefix = 'netloom:'): EventBus {
  // No offline queue: a command while Redis is away fails at once instead of waiting for it.
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MS, autoResubscribe: false } as const;
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  // Payloads are checked where they are published (every instance runs the same typed code);
  // here they are only JSON of some topic.
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let downSince: Date | null = null;
  const deliverHere = (topic: string, payload: unknown) => {
    for (const h of handlers.get(topic) ?? []) h(payload);
  };
  sub.on('message', (channel: string, message: string) => {
    const topic = channel.slice(prefix.length);
    if (!handlers.has(topic)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      log.warn({ topic }, 'bus: dropped a message that is not JSON');
      return;
    }
    deliverHere(topic, payload);
  });

  const connected = () => pub.status === 'ready' && sub.status === 'ready';
  // Until both connections are first up (at start), calls wait for them a moment rather than go
  // local; an instance started during an outage waits FIRST_CONNECT_MS at most, once.
  let starting: Promise<void> | null = new Promise<void>((resolve) => {
    const check = () => {
      if (!connected()) return;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(resolve, FIRST_CONNECT_MS);
    pub.on('ready', check);
    sub.on('ready', check);
  }).finally(() => {
    starting = null;
  });
  const noteHealth = () => {
    if (connected() && downSince) {
      log.warn({ downForSeconds: Math.round((Date.now() - downSince.getTime()) / 1000) }, 'bus: Redis is back, live updates reach every instance again');
      downSince = null;
    } else if (!connected() && !downSince) {
      downSince = new Date();
      log.warn('bus: Redis unreachable, live updates reach only this instance until it is back');
    }
  };
  // A new subscriber connection has no subscriptions: every topic in use is subscribed again.
  sub.on('ready', () => {
    const channels = [...handlers.keys()].map((t) => prefix + t);
    const resubscribed = channels.length > 0 ? sub.subscribe(...channels) : Promise.resolve(0);
    resubscribed.then(noteHealth, (err: unknown) => log.warn({ err }, 'bus: subscribing again after a reconnection failed'));
  });
  pub.on('ready', noteHealth);
  for (const c of [pub, sub]) {
    c.on('error', (err) => log.debug({ err }, 'bus: redis error'));
    c.on('close', noteHealth);
  }

  return {
    async publish(topic, payload) {
      if (starting) await starting;
      if (connected()) {
        try {
          await pub.publish(prefix + topic, JSON.stringify(payload));
          return;
        } catch {
          noteHealth();
        }
      }
      // Asynchronously, as Redis would deliver it.
      queueMicrotask(() => deliverHere(topic, payload));
    },
    async subscribe(topic, handler) {
      if (starting) await starting;
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        // While Redis is away the topic is subscribed on its return (the 'ready' handler above).
        if (sub.status === 'ready') await sub.subscribe(prefix + topic).catch(() => undefined);
      }
      set.add(handler as (payload: unknown) => void);
      return async () => {
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(handler as (payload: unknown) => void);
        if (current.size === 0) {
          handlers.delete(topic);
          if (sub.status === 'ready') await sub.unsubscribe(prefix + topic).catch(() => undefined);
        }
      };
    },
    health(): BusHealth {
      return connected() ? { degraded: false } : { degraded: true, since: downSince ?? new Date() };
    },
    async close() {
      handlers.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
