import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, TENANT_PATHS, apiErrorSchema } from '@netloom/domain';
import type { Readiness } from '../../db/readiness';
import type { BusHealth } from '../../bus/event-bus';
import { AppError } from '../../http/errors';
import { p, publicRoute, routeDocs } from '../../http/route-kit';

const { tags } = routeDocs('health');
const ok = z.object({ status: z.literal('ok') });
const ready = z.object({
  status: z.enum(['ok', 'degraded']).describe('degraded: the instance serves, but Redis is unreachable (see `redis`)'),
  redis: z
    .enum(['ok', 'unavailable'])
    .optional()
    .describe(
      "Only with REDIS_URL. unavailable: live updates reach only this instance's consoles and devices, and rate limits are counted per instance, until Redis is back",
    ),
  detail: z.string().optional(),
});
const DETAIL = { unreachable: 'Database unreachable', migrations_pending: 'Database migrations pending' } as const;

export interface HealthOptions {
  readiness: () => Promise<Readiness>;
}

export interface ProbeOptions extends HealthOptions {
  /** The event bus's reach, when the cluster shares one through Redis (null without REDIS_URL). */
  bus: (() => BusHealth) | null;
  /** READY_REQUIRES_REDIS: answer 503 while Redis is unreachable, instead of 200 with status degraded. */
  requireRedis: boolean;
}

/** 503 (with Retry-After, from the error handler) unless the database answers and is migrated. */
async function requireReady(readiness: () => Promise<Readiness>): Promise<{ status: 'ok' }> {
  const r = await readiness();
  if (!r.ok) throw new AppError(503, ERROR_CODES.unavailable, DETAIL[r.reason]);
  return { status: 'ok' };
}

/**
 * Probes for load balancers and orchestrators, outside the API prefix: public, not rate limited,
 * no session. /healthz says the process answers (restart it if not); /readyz says it can serve
 * (send it traffic only if so).
 */
export const probeRoutes: FastifyPluginAsyncZod<ProbeOptions> = async (app, { readiness, bus, requireRedis }) => {
  app.get(
    '/healthz',
    {
      config: publicRoute,
      schema: { tags, summary: 'Liveness: the process answers (the database is not asked)', response: { 200: ok } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Readiness: the database answers within 2 s and has every migration; with REDIS_URL, whether Redis is reachable (503 while it is not only with READY_REQUIRES_REDIS=1)',
        response: { 200: ready, 503: apiErrorSchema },
      },
    },
    async () => {
      await requireReady(readiness);
      if (!bus) return { status: 'ok' as const };
      const health = bus();
      if (!health.degraded) return { status: 'ok' as const, redis: 'ok' as const };
      if (requireRedis) throw new AppError(503, ERROR_CODES.unavailable, 'Redis unreachable');
      return {
        status: 'degraded' as const,
        redis: 'unavailable' as const,
        detail: `Redis unreachable since ${health.since.toISOString()}: live updates reach only this instance's consoles and devices, and rate limits are counted per instance, until it is back`,
      };
    },
  );
};

/** The console's backend check (spec 001 §7 Health), under /api/v1: reachable means the server can serve. */
export const backendCheckRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { readiness }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: p(TENANT_PATHS.health),
    config: publicRoute,
    schema: { tags, summary: 'Backend reachability check: 503 while the database is unreachable', response: { 200: ok, 503: apiErrorSchema } },
    handler: () => requireReady(readiness),
  });
  // The spec names the check HEAD tenant/data/{something}/: any last segment is the same check.
  app.head(
    '/tenant/data/:check/',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'The backend check under any name (spec 001 §7: HEAD tenant/data/{something}/)',
        params: z.object({ check: z.string().max(64) }),
        response: { 200: ok, 503: apiErrorSchema },
      },
    },
    () => requireReady(readiness),
  );
};
