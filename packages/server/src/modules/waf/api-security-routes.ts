import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WAF_PATHS,
  apiDiscoverySettingsInputSchema,
  apiDiscoverySettingsSchema,
  idParamSchema,
  wafApiDocumentInputSchema,
  wafApiDocumentSchema,
  wafApiDriftQuerySchema,
  wafApiDriftRowSchema,
  wafApiInventoryRowSchema,
  wafWindowQuerySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, writeErrors } from '../../http/route-kit';
import type { WafApiSecurityService } from './api-security-service';
import { doc, manage, querystring, read, write } from './route-access';

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
  api.get(
    p(WAF_PATHS.apiDiscoverySettings(':id')),
    {
      config: read,
      schema: {
        ...doc('The application’s API discovery settings: hosts, path prefixes, exclusions, sampling (the defaults until it has its own)'),
        params: idParamSchema,
        querystring,
        response: { 200: apiDiscoverySettingsSchema, ...errorResponses(404) },
      },
    },
    async (request) => apis.discoverySettings(actorOf(request), request.params.id),
  );
  api.put(
    p(WAF_PATHS.apiDiscoverySettings(':id')),
    {
      config: manage,
      schema: {
        ...doc('Change the application’s API discovery settings (owners and admins)'),
        params: idParamSchema,
        querystring,
        body: apiDiscoverySettingsInputSchema,
        response: { 200: apiDiscoverySettingsSchema, ...writeErrors },
      },
    },
    async (request) => apis.saveDiscoverySettings(actorOf(request), request.params.id, request.body),
  );
  api.get(
    p(WAF_PATHS.apiDrift),
    {
      config: read,
      schema: {
        ...doc(
          'API drift’s history: each difference between an application’s traffic and its OpenAPI document (shadow, zombie, undeclared parameter, type mismatch, gone) with when it appeared and when and why it was resolved, the latest change first',
        ),
        querystring: wafApiDriftQuerySchema,
        response: { 200: z.array(wafApiDriftRowSchema), ...errorResponses(400) },
      },
    },
    async (request) => apis.drift(actorOf(request), request.query),
  );
};
