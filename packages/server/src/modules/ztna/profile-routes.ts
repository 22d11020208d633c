import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTNA_PATHS, endpointProfileInputSchema, endpointProfileSchema, movpnBodySchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { EndpointProfileService } from './profile-service';
import { doc, querystring, read, write } from './route-access';

/** Endpoint profiles: what each endpoint connects with (relays, DNS, split tunnel, resources), the default first. */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: EndpointProfileService }> = async (app, { profiles }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.profiles),
    { config: read, schema: { ...doc("The endpoint profiles, the default 'mza' first"), querystring, response: { 200: z.array(endpointProfileSchema) } } },
    async (request) => profiles.list(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.profiles),
    {
      config: write,
      schema: {
        ...doc('Create an endpoint profile; the endpoints it is for get it'),
        querystring,
        body: endpointProfileInputSchema,
        response: { 201: endpointProfileSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await profiles.create(actorOf(request), request.body)),
  );
  api.get(
    p(ZTNA_PATHS.profile(':id')),
    {
      config: read,
      schema: { ...doc('One endpoint profile'), params: idParams, querystring, response: { 200: endpointProfileSchema, ...errorResponses(403, 404) } },
    },
    async (request) => profiles.get(actorOf(request), request.params.id),
  );
  api.put(
    p(ZTNA_PATHS.profile(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace an endpoint profile (the default keeps its name)'),
        params: idParams,
        querystring,
        body: endpointProfileInputSchema,
        response: { 200: endpointProfileSchema, ...writeErrors },
      },
    },
    async (request) => profiles.update(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.profile(':id')),
    { config: write, schema: { ...doc('Delete an endpoint profile (not the default)'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await profiles.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.post(
    p(ZTNA_PATHS.movpn(':id')),
    {
      config: write,
      schema: {
        ...doc("The assistant's MZA profile for one endpoint (spec 001 §7): a profile assigned to it alone"),
        params: idParams,
        querystring,
        body: movpnBodySchema,
        response: { 201: endpointProfileSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await profiles.movpn(actorOf(request), request.params.id, request.body)),
  );
};
