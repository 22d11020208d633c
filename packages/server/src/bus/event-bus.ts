/**
 * Fan-out of live events between the parts of the server, and between server instances when the
 * cluster has Redis. Delivery is best effort: the database stays the source of truth, and a
 * browser that missed an event gets the full state on its next request.
 */
export type BusHandler = (payload: unknown) => void;

export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Topic names in one place, so publishers and subscribers cannot drift apart. */
export const topics = {
  /** Device state changes of one tenant (heartbeats, status, approvals). */
  tenantDevices: (tenantId: string) => `tenant:${tenantId}:devices`,
  /** Messages for one device's agent connection, wherever it is connected (jobs, approval). */
  device: (deviceId: string) => `device:${deviceId}`,
  /** Revoked sessions and changed users, so every instance drops its cached principals. */
  sessions: () => 'sessions',
} as const;
