import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { errors } from '../../http/errors';

/**
 * Counts attempts at a secret (a password, a second factor) per key, so a slow, distributed guess
 * at one account is stopped even when each address stays under the per-address limit. Shared
 * through Redis when the cluster has one.
 *
 * An attempt is reserved before the secret is checked and the counter moves in one atomic step
 * (INCR in Redis, one synchronous update in memory): attempts sent in parallel cannot all be
 * checked against a count read before any of them failed. A success gives the budget back.
 */
export class AttemptLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(opts: { maxFailures: number; windowSeconds: number; redis: Redis | null; keyPrefix: string }) {
    const base = { points: opts.maxFailures, duration: opts.windowSeconds, keyPrefix: opts.keyPrefix };
    this.limiter = opts.redis ? new RateLimiterRedis({ ...base, storeClient: opts.redis }) : new RateLimiterMemory(base);
  }

  /** Takes one attempt from the key's budget, or answers 429 when none is left. */
  async reserve(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw errors.throttled(Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
      throw e;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** Both budgets of a user: passwords (sign-in, password change) and second factors. */
export interface LoginLimiters {
  password: AttemptLimiter;
  secondFactor: AttemptLimiter;
}

export function createLoginLimiters(opts: { maxFailures: number; windowSeconds: number; redis: Redis | null }): LoginLimiters {
  return {
    password: new AttemptLimiter({ ...opts, keyPrefix: 'login-fail' }),
    secondFactor: new AttemptLimiter({ ...opts, keyPrefix: '2fa-fail' }),
  };
}
