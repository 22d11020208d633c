import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WAF_PATHS, idParamSchema, wafApiDocumentInputSchema, wafApiDocumentSchema, wafApiInventoryRowSchema, wafWindowQuerySchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, writeErrors } from '../../http/route-kit';
import type { WafApiSecurityService } from './api-security-service';
import { doc, querystring, read, write } from './route-access';

/** API security: an application's OpenAPI document, and the inventory of its endpoints against the traffic. */
export const wafApiSecurityRoutes: FastifyPluginAsyncZod<{ apis: WafApiSecurityService }> = async (app, { apis }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WAF_PATHS.apiDocument(':id')),
    {
      config: read,
      schema: {
        ...doc('The application’s OpenAPI document: its title, version and operations'),
        params: idParamSchema,
        querystring,
        response: { 200: wafApiDocumentSchema, ...errorResponses(404) },
      },
    },
    async (request) => apis.document(actorOf(request), request.params.id),
  );
  api.put(
    p(WAF_PATHS.apiDocument(':id')),
    {
      config: write,
      schema: {
        ...doc('Upload the application’s OpenAPI document (3.0 or 3.1, JSON or YAML), replacing the one it had'),
        params: idParamSchema,
        querystring,
        body: wafApiDocumentInputSchema,
        response: { 200: wafApiDocumentSchema, ...writeErrors },
      },
    },
    async (request) => apis.upload(actorOf(request), request.params.id, request.body.document),
  );
  api.delete(
    p(WAF_PATHS.apiDocument(':id')),
    {
      config: write,
      schema: {
        ...doc('Remove the application’s OpenAPI document'),
        params: idParamSchema,
        querystring,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await apis.removeDocument(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.get(
    p(WAF_PATHS.apiInventory),
    {
      config: read,
      schema: {
        ...doc(
          'Each application’s endpoints in the window (7 days unless said): documented and seen, shadow (seen, not documented), zombie (documented, unused), or undocumented',
        ),
        querystring: wafWindowQuerySchema,
        response: { 200: z.array(wafApiInventoryRowSchema), ...errorResponses(400) },
      },
    },
    async (request) => apis.inventory(actorOf(request), request.query),
  );
};
