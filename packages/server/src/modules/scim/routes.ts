import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SCIM_PATHS,
  canManageProvisioning,
  idParamSchema,
  scimTokenCreateBodySchema,
  scimTokenCreatedSchema,
  scimTokenListSchema,
  tidQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { ScimTokenService } from './token-service';

const { doc } = routeDocs('provisioning');

/** What the composition root hands this plugin. */
export interface ScimTokenRoutesOptions {
  scimTokens: ScimTokenService;
}

/** Organisation settings → User provisioning (SCIM): owners give identity providers their tokens. */
export const scimTokenRoutes: FastifyPluginAsyncZod<ScimTokenRoutesOptions> = async (app, { scimTokens }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(SCIM_PATHS.tokens),
    {
      config: access(canManageProvisioning),
      schema: {
        ...doc('SCIM provisioning tokens of the tenant (never the tokens themselves)'),
        querystring: tidQuerySchema,
        response: { 200: scimTokenListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ results: await scimTokens.list(actorOf(request)) }),
  );

  api.post(
    p(SCIM_PATHS.tokens),
    {
      config: access(canManageProvisioning),
      schema: {
        ...doc('Create a SCIM provisioning token; the answer is the only time it is shown'),
        querystring: tidQuerySchema,
        body: scimTokenCreateBodySchema,
        response: { 201: scimTokenCreatedSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await scimTokens.create(actorOf(request), request.body)),
  );

  api.delete(
    p(SCIM_PATHS.token(':id')),
    {
      config: access(canManageProvisioning),
      schema: {
        ...doc('Revoke a SCIM provisioning token: its provider is refused from now on'),
        params: idParamSchema,
        querystring: tidQuerySchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await scimTokens.revoke(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
