import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTNA_PATHS, connectorBodySchema, connectorRowSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { ResourceService } from './resource-service';
import { doc, read, tidQuerystring, write } from './route-access';

/** App connectors: the organisation's gateways that reach a site's servers. */
export const connectorRoutes: FastifyPluginAsyncZod<{ resources: ResourceService }> = async (app, { resources }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.connectors),
    {
      config: read,
      schema: {
        ...doc('The app connectors (spec 001 §7 tenant connector) with their health, live'),
        querystring: tidQuerystring,
        response: { 200: z.array(connectorRowSchema) },
      },
    },
    async (request) => resources.listConnectors(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.connectors),
    {
      config: write,
      schema: {
        ...doc("Make one of the organisation's gateways the app connector of a site"),
        querystring: tidQuerystring,
        body: connectorBodySchema,
        response: { 200: connectorRowSchema, ...writeErrors },
      },
    },
    async (request) => resources.addConnector(actorOf(request), request.body),
  );
  api.delete(
    p(ZTNA_PATHS.connector(':id')),
    {
      config: write,
      schema: {
        ...doc('The gateway stops being an app connector'),
        params: idParams,
        querystring: tidQuerystring,
        response: deleted,
      },
    },
    async (request, reply) => {
      await resources.removeConnector(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
