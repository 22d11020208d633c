import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_PATHS, searchQuerySchema, searchResponseSchema } from '@netloom/domain';
import { access, actorOf, tenantFromQuery } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { SearchService } from './service';

const { tags, security } = routeDocs('search');

/** What the composition root hands this plugin. */
export interface SearchRoutesOptions {
  search: SearchService;
}

/** The header search: the tenant's devices, device groups, users, groups, templates and policies by name. */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { search }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(CONSOLE_PATHS.search),
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
    async (request) => search.search(actorOf(request), request.query.q),
  );
};
