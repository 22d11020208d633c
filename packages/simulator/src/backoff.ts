import type { Random } from './prng';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 60_000 };

/** The ceiling of the n-th retry (0-based): base doubling up to max. */
export function backoffCeiling(attempt: number, { baseMs, maxMs }: BackoffOptions = DEFAULT_BACKOFF): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
}

/**
 * Full jitter (a uniform delay between 0 and the ceiling): after a server restart the fleet
 * comes back spread over the window instead of all in the same second.
 */
export function backoffDelay(attempt: number, random: Random, options: BackoffOptions = DEFAULT_BACKOFF): number {
  return Math.round(random() * backoffCeiling(attempt, options));
}
