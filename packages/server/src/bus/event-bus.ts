import type { PayloadOf, Topic } from './topics';

/**
 * Fan-out of live events between the parts of the server, and between server instances when the
 * cluster has Redis. Delivery is best effort: the database stays the source of truth, and a
 * browser that missed an event gets the full state on its next request.
 */
type BusHandler<T extends Topic = Topic> = (payload: PayloadOf<T>) => void;

/**
 * Whether events reach every instance. `degraded`: the shared transport (Redis) is unreachable
 * since `since`, and events reach only the subscribers of this instance until it is back.
 */
export type BusHealth = { degraded: false } | { degraded: true; since: Date };

export interface EventBus {
  publish<T extends Topic>(topic: T, payload: PayloadOf<T>): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe<T extends Topic>(topic: T, handler: BusHandler<T>): Promise<() => Promise<void>>;
  health(): BusHealth;
  close(): Promise<void>;
}
