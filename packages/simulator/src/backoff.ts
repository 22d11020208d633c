import { RECONNECT_BACKOFF, reconnectCeiling, reconnectDelay, reconnectTryTimeout, type ReconnectBackoff } from '@netloom/domain';
import type { Random } from './prng';

/** The agent's reconnect rule is the product's (domain `agent/reconnect.ts`); tests may shorten its waits. */
export type BackoffOptions = ReconnectBackoff;

export const DEFAULT_BACKOFF: BackoffOptions = RECONNECT_BACKOFF;

/** The ceiling of the wait before a try after `attempt` failed tries (0: right after a connection that was up). */
export function backoffCeiling(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  return reconnectCeiling(attempt, options);
}

/** Full jitter: a uniform wait between 0 and the ceiling, so a fleet that lost its server comes back spread out. */
export function backoffDelay(attempt: number, random: Random, options: BackoffOptions = DEFAULT_BACKOFF): number {
  return reconnectDelay(attempt, random, options);
}

/** How long a try waits for the server's handshake before it is given up. */
export const tryTimeout = reconnectTryTimeout;
