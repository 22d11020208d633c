/**
 * How an agent comes back after its connection to the server ends (DESIGN "Live channels"). Two
 * things decide how fast a fleet fails over to another instance and how gently it returns after a
 * restart: how long it waits before each try, and how long a try may take before it is given up.
 *
 * `failures` counts the tries since the device was last welcomed by a server: 0 right after a
 * connection that was up ends abruptly, 1 after the first try that failed, and so on.
 */
export interface ReconnectBackoff {
  /** Ceiling of the first wait after a connection that was up: small, so failover is quick. */
  baseMs: number;
  /** No wait is longer than this, however many tries failed. */
  maxMs: number;
}

export const RECONNECT_BACKOFF: ReconnectBackoff = { baseMs: 500, maxMs: 60_000 };

/**
 * A try gives up when the server has not answered the websocket handshake (the upgrade, answered
 * before the device's hello is looked at) in this long: a load balancer may still send tries to an
 * instance that died without a word (its address no longer answers), and such a try must not hold
 * the device for long. 3 s covers a handshake over a satellite link; after three failed tries each
 * further one may take half as long again, up to 20 s, so a link or an instance slower than that
 * still gets in.
 */
export const RECONNECT_TRY_TIMEOUT = { firstMs: 3_000, growAfter: 3, growth: 1.5, maxMs: 20_000 } as const;

/** The ceiling of the wait before the next try: the base, doubled with each failed try, up to the maximum. */
export function reconnectCeiling(failures: number, { baseMs, maxMs }: ReconnectBackoff = RECONNECT_BACKOFF): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, failures), 30));
}

/**
 * The wait before the next try: full jitter, uniform between 0 and the ceiling, so devices that
 * lost the same instance come back spread over the window, not in the same second.
 * `random` returns a number in [0, 1).
 */
export function reconnectDelay(failures: number, random: () => number, backoff: ReconnectBackoff = RECONNECT_BACKOFF): number {
  return Math.round(random() * reconnectCeiling(failures, backoff));
}

/** How long the next try may wait for the server's handshake before it is given up (and counts as a failure). */
export function reconnectTryTimeout(failures: number): number {
  const { firstMs, growAfter, growth, maxMs } = RECONNECT_TRY_TIMEOUT;
  return Math.min(maxMs, Math.round(firstMs * growth ** Math.min(Math.max(0, failures - growAfter + 1), 30)));
}
