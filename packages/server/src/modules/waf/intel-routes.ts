import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WAF_PATHS, idParamSchema, threatListInputSchema, threatListSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { ThreatIntelService } from './threat-intel-service';
import { doc, querystring, read, write } from './route-access';

/** Threat-intel lists: uploaded addresses or fetched feeds, used by policies as deny lists. */
export const wafIntelRoutes: FastifyPluginAsyncZod<{ intel: ThreatIntelService }> = async (app, { intel }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WAF_PATHS.threatLists),
    { config: read, schema: { ...doc('The threat-intel lists'), querystring, response: { 200: z.array(threatListSchema) } } },
    async (request) => intel.list(actorOf(request)),
  );
  api.post(
    p(WAF_PATHS.threatLists),
    {
      config: write,
      schema: {
        ...doc('Add a list: its entries (one address or subnet per line), or a feed URL fetched now and then on its schedule'),
        querystring,
        body: threatListInputSchema,
        response: { 201: threatListSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await intel.create(actorOf(request), request.body)),
  );
  api.delete(
    p(WAF_PATHS.threatList(':id')),
    {
      config: write,
      schema: { ...doc('Remove a list no policy uses'), params: idParamSchema, querystring, response: { 204: z.null(), ...errorResponses(403, 404, 409) } },
    },
    async (request, reply) => {
      await intel.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
