import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './event-bus';

/**
 * Redis pub/sub: every instance publishes on one connection and listens on another (a
 * subscribed connection can do nothing else). Local handlers are kept per topic, so a topic is
 * subscribed in Redis once however many sockets of this instance want it.
 */
export function createRedisBus(url: string, log: FastifyBaseLogger): EventBus {
  const pub = new Redis(url, { maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  // Payloads are checked where they are published (every instance runs the same typed code);
  // here they are only JSON of some topic.
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  sub.on('message', (topic: string, message: string) => {
    const set = handlers.get(topic);
    if (!set) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      log.warn({ topic }, 'bus: dropped a message that is not JSON');
      return;
    }
    for (const h of set) h(payload);
  });
  for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err }, 'bus: redis error'));

  return {
    async publish(topic, payload) {
      await pub.publish(topic, JSON.stringify(payload));
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        await sub.subscribe(topic);
      }
      set.add(handler as (payload: unknown) => void);
      return async () => {
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(handler as (payload: unknown) => void);
        if (current.size === 0) {
          handlers.delete(topic);
          await sub.unsubscribe(topic).catch(() => undefined);
        }
      };
    },
    async close() {
      handlers.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
