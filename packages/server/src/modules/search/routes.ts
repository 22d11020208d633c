import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_PATHS, searchQuerySchema, searchResponseSchema } from '@netloom/domain';
import type { Services } from '../../services';
import { access, actorOf, tenantFromQuery } from '../../http/access';
import { errorResponses } from '../../http/openapi';

const tags = ['search'];
const security = [{ bearerAuth: [] }];

/** The header search: the tenant's devices, device groups, users, groups, templates and policies by name. */
export const searchRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  api.get(
    `/${CONSOLE_PATHS.search}`,
    {
      config: access('read', tenantFromQuery('tenant_id')),
      schema: {
        tags,
        security,
        summary: "The tenant's devices, device groups, users, groups, templates and policies whose name holds the text, best matches first",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => services.search.search(actorOf(request), request.query.q),
  );
};
