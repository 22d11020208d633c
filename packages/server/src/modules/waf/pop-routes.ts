import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WAF_PATHS, wafPopShareSchema, wafProviderEdgeSchema } from '@netloom/domain';
import { superAdminAccess } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { WafPopService } from './pops-service';
import { doc } from './route-access';

const params = z.object({ id: z.string().uuid().describe('The WAF edge') });

/** The provider's (super admins') WAF edges of every tenant, and which of them are shared POPs. */
export const wafPopRoutes: FastifyPluginAsyncZod<{ pops: WafPopService }> = async (app, { pops }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WAF_PATHS.sharedPops),
    {
      config: superAdminAccess,
      schema: {
        ...doc('Every WAF edge of every tenant, shared as a POP or not (super admin)'),
        response: { 200: z.array(wafProviderEdgeSchema), ...errorResponses(403) },
      },
    },
    async () => pops.list(),
  );
  api.put(
    p(WAF_PATHS.sharedPop(':id')),
    {
      config: superAdminAccess,
      schema: {
        ...doc('Share a WAF edge with every organisation as a POP, or stop (refused while it serves other organisations) (super admin)'),
        params,
        body: wafPopShareSchema,
        response: { 200: wafProviderEdgeSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = request.principal!;
      return pops.share({ userId: user.id, email: user.email, ip: request.ip }, request.params.id, request.body.shared);
    },
  );
};
