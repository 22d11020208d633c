import { EventEmitter } from 'node:events';
import type { EventBus } from './event-bus';

/** One process: an EventEmitter. Handlers run on a later tick, like a networked bus would. */
export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      queueMicrotask(() => emitter.emit(topic, payload));
    },
    async subscribe(topic, handler) {
      emitter.on(topic, handler);
      return async () => {
        emitter.off(topic, handler);
      };
    },
    // One process: every subscriber is here.
    health: () => ({ degraded: false }),
    async close() {
      emitter.removeAllListeners();
    },
  };
}
