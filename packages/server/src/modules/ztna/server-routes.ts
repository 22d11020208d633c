import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTNA_PATHS, dataProtectionSchema, ztnaServerInputSchema, ztnaServerSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { ResourceService } from './resource-service';
import { doc, querystring, read, write } from './route-access';

/** Servers (the private applications) and their data protection controls. */
export const serverRoutes: FastifyPluginAsyncZod<{ resources: ResourceService }> = async (app, { resources }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.servers),
    { config: read, schema: { ...doc('The private applications (servers), by name'), querystring, response: { 200: z.array(ztnaServerSchema) } } },
    async (request) => resources.listServers(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.servers),
    {
      config: write,
      schema: { ...doc('Add a server'), querystring, body: ztnaServerInputSchema, response: { 201: ztnaServerSchema, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await resources.createServer(actorOf(request), request.body)),
  );
  api.get(
    p(ZTNA_PATHS.server(':id')),
    { config: read, schema: { ...doc('One server'), params: idParams, querystring, response: { 200: ztnaServerSchema, ...errorResponses(403, 404) } } },
    async (request) => resources.getServer(actorOf(request), request.params.id),
  );
  api.put(
    p(ZTNA_PATHS.server(':id')),
    {
      config: write,
      schema: { ...doc('Replace a server'), params: idParams, querystring, body: ztnaServerInputSchema, response: { 200: ztnaServerSchema, ...writeErrors } },
    },
    async (request) => resources.updateServer(actorOf(request), request.params.id, request.body),
  );
  api.put(
    p(ZTNA_PATHS.serverDpc(':id')),
    {
      config: write,
      schema: {
        ...doc("A server's data protection controls (download, upload, copy, managed endpoints only)"),
        params: idParams,
        querystring,
        body: dataProtectionSchema,
        response: { 200: ztnaServerSchema, ...writeErrors },
      },
    },
    async (request) => resources.setDpc(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.server(':id')),
    { config: write, schema: { ...doc('Delete a server no policy or profile names'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await resources.deleteServer(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
