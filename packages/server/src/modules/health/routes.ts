import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, TENANT_PATHS, apiErrorSchema } from '@netloom/domain';
import type { Readiness } from '../../db/readiness';
import { AppError } from '../../http/errors';

const tags = ['health'];
const ok = z.object({ status: z.literal('ok') });
const DETAIL = { unreachable: 'Database unreachable', migrations_pending: 'Database migrations pending' } as const;

export interface HealthOptions {
  readiness: () => Promise<Readiness>;
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
export const probeRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { readiness }) => {
  app.get(
    '/healthz',
    {
      schema: { tags, summary: 'Liveness: the process answers (the database is not asked)', response: { 200: ok } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { tags, summary: 'Readiness: the database answers within 2 s and has every migration', response: { 200: ok, 503: apiErrorSchema } },
    },
    () => requireReady(readiness),
  );
};

/** The console's backend check (spec 001 §7 Health), under /api/v1: reachable means the server can serve. */
export const backendCheckRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { readiness }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: `/${TENANT_PATHS.health}`,
    schema: { tags, summary: 'Backend reachability check: 503 while the database is unreachable', response: { 200: ok, 503: apiErrorSchema } },
    handler: () => requireReady(readiness),
  });
  // The spec names the check HEAD tenant/data/{something}/: any last segment is the same check.
  app.head(
    '/tenant/data/:check/',
    {
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
