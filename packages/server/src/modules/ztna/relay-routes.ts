import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTNA_PATHS, relayInputSchema, relayRowSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { ResourceService } from './resource-service';
import { doc, querystring, read, tidQuerystring, write } from './route-access';

/** Relays (overlay mesh servers) with their health. */
export const relayRoutes: FastifyPluginAsyncZod<{ resources: ResourceService }> = async (app, { resources }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.saseList),
    {
      config: read,
      schema: {
        ...doc('The enabled overlay servers (relays) with their health (spec 001 §7 SASE list)'),
        querystring: tidQuerystring,
        response: { 200: z.array(relayRowSchema) },
      },
    },
    async (request) => resources.listRelays(actorOf(request), { enabledOnly: true }),
  );
  api.get(
    p(ZTNA_PATHS.relays),
    { config: read, schema: { ...doc('Every relay with its health'), querystring, response: { 200: z.array(relayRowSchema) } } },
    async (request) => resources.listRelays(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.relays),
    { config: write, schema: { ...doc('Add a relay'), querystring, body: relayInputSchema, response: { 201: relayRowSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await resources.createRelay(actorOf(request), request.body)),
  );
  api.put(
    p(ZTNA_PATHS.relay(':id')),
    {
      config: write,
      schema: { ...doc('Replace a relay'), params: idParams, querystring, body: relayInputSchema, response: { 200: relayRowSchema, ...writeErrors } },
    },
    async (request) => resources.updateRelay(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.relay(':id')),
    { config: write, schema: { ...doc('Delete a relay no profile names'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await resources.deleteRelay(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
