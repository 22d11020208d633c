import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../http/errors';
import { addressKey } from '../../http/socket-guard';

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
    // While Redis is unreachable, attempts are counted in this process (per instance) rather than refused or let through.
    this.limiter = opts.redis
      ? new RateLimiterRedis({ ...base, storeClient: opts.redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(base) })
      : new RateLimiterMemory(base);
  }

  /** Takes one attempt from the key's budget: null, or (none was left) the seconds until one is. */
  async take(key: string): Promise<number | null> {
    try {
      await this.limiter.consume(key);
      return null;
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw e;
    }
  }

  /** Takes one attempt from the key's budget, or answers 429 when none is left. */
  async reserve(key: string): Promise<void> {
    const wait = await this.take(key);
    if (wait !== null) throw errors.throttled(wait);
  }

  /** Returns one attempt taken for a call that was never answered (the server failed, not the caller). */
  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** Both budgets of a user, passwords (sign-in, password change) and second factors, and the calls of a client address to the sign-in routes. */
export interface LoginLimiters {
  password: AttemptLimiter;
  secondFactor: AttemptLimiter;
  address: AttemptLimiter;
}

export function createLoginLimiters(opts: { maxFailures: number; windowSeconds: number; addressPerMinute: number; redis: Redis | null }): LoginLimiters {
  const perUser = { maxFailures: opts.maxFailures, windowSeconds: opts.windowSeconds, redis: opts.redis };
  return {
    password: new AttemptLimiter({ ...perUser, keyPrefix: 'login-fail' }),
    secondFactor: new AttemptLimiter({ ...perUser, keyPrefix: '2fa-fail' }),
    address: new AttemptLimiter({ maxFailures: opts.addressPerMinute, windowSeconds: 60, redis: opts.redis, keyPrefix: 'login-ip' }),
  };
}

/**
 * Route options that hold each client address to the limiter's calls a minute on a route (429
 * with Retry-After past it), counting only calls that were answered: a 5xx (the database was
 * unreachable, and the like) gives its attempt back, so a console that kept retrying through an
 * outage is not locked out when the server is back. Attempts are taken before the call runs, so
 * parallel calls cannot pass on a count read before any of them.
 * `config.attemptLimited` tells the OpenAPI document the route may answer 429.
 */
export function answeredAttemptsPerAddress(limiter: AttemptLimiter) {
  const taken = new WeakMap<FastifyRequest, string>();
  return {
    config: { attemptLimited: true },
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      // An IPv6 client counts by its /64, as everywhere client addresses are counted.
      const key = `${request.routeOptions.url ?? request.url}|${addressKey(request.ip)}`;
      const wait = await limiter.take(key);
      if (wait !== null) {
        void reply.header('retry-after', String(wait));
        throw errors.throttled(wait);
      }
      taken.set(request, key);
    },
    // Before the answer leaves: a client retrying the moment it reads a 503 finds the attempt back.
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const key = taken.get(request);
      if (key !== undefined && reply.statusCode >= 500) await limiter.giveBack(key).catch(() => undefined);
      return payload;
    },
  };
}
