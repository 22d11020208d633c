import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { errors } from '../../http/errors';

/**
 * Counts failed logins per username so a slow, distributed guess at one account is stopped even
 * when each IP stays under the per-IP limit. Shared through Redis when the cluster has one.
 */
export class LoginLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(opts: { maxFailures: number; windowSeconds: number; redis: Redis | null }) {
    const base = { points: opts.maxFailures, duration: opts.windowSeconds, keyPrefix: 'login-fail' };
    this.limiter = opts.redis ? new RateLimiterRedis({ ...base, storeClient: opts.redis }) : new RateLimiterMemory(base);
  }

  private key(username: string): string {
    return username.trim().toLowerCase();
  }

  async assertAllowed(username: string): Promise<void> {
    const state = await this.limiter.get(this.key(username));
    if (state && state.consumedPoints >= this.limiter.points) {
      throw errors.throttled(Math.ceil(state.msBeforeNext / 1000));
    }
  }

  async recordFailure(username: string): Promise<void> {
    try {
      await this.limiter.consume(this.key(username));
    } catch (e) {
      // Going over the limit is expected here; the next attempt is refused by assertAllowed.
      if (!(e instanceof RateLimiterRes)) throw e;
    }
  }

  async reset(username: string): Promise<void> {
    await this.limiter.delete(this.key(username));
  }
}
