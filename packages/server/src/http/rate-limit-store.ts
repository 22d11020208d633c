import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The plugin's own two stores (CommonJS, no types of their own): the shared count in Redis and the
// count in this process.
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => FastifyRateLimitStore;
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

type Incr = Parameters<FastifyRateLimitStore['incr']>;

/**
 * Request limits counted in Redis, so a client is limited across every instance, and in this
 * process whenever Redis is unreachable: a Redis outage neither lifts the limits nor fails the
 * requests (a client is then limited per instance until Redis is back).
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(key: Incr[0], callback: Incr[1], timeWindow: Incr[2], max: Incr[3]): void {
    if (this.redis.status !== 'ready') return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(key, (err, result) => (err ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The rate-limit plugin's `store`: Redis when it answers, this process's counts when it does not. */
export function redisWithLocalFallback(redis: Redis): FastifyRateLimitStoreCtor {
  return class {
    // The plugin hands its global parameters, which carry these two besides the documented options.
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, 'fastify-rate-limit-'),
        new LocalStore(continueExceeding, exponentialBackoff, 5000),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
