import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTNA_PATHS, dnsGroupInputSchema, dnsGroupSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { OverlayService } from './overlay-service';
import { doc, querystring, read, write } from './route-access';

/** DNS of the overlay: nameserver groups, in order. */
export const dnsRoutes: FastifyPluginAsyncZod<{ overlay: OverlayService }> = async (app, { overlay }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.dnsGroups),
    { config: read, schema: { ...doc('The nameserver groups, in order'), querystring, response: { 200: z.array(dnsGroupSchema) } } },
    async (request) => overlay.listDnsGroups(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.dnsGroups),
    {
      config: write,
      schema: {
        ...doc('Add a nameserver group (at `order`, else last)'),
        querystring,
        body: dnsGroupInputSchema,
        response: { 201: dnsGroupSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await overlay.createDnsGroup(actorOf(request), request.body)),
  );
  api.put(
    p(ZTNA_PATHS.dnsGroup(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace a nameserver group'),
        params: idParams,
        querystring,
        body: dnsGroupInputSchema,
        response: { 200: dnsGroupSchema, ...writeErrors },
      },
    },
    async (request) => overlay.updateDnsGroup(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.dnsGroup(':id')),
    { config: write, schema: { ...doc('Delete a nameserver group'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await overlay.deleteDnsGroup(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
