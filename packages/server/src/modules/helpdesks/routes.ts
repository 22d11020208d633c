import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HELPDESK_PATHS,
  helpdeskCredentialsBodySchema,
  helpdeskCredentialsInfoSchema,
  helpdeskIntegrationSchema,
  helpdeskStatusSchema,
  helpdeskTypeParamSchema,
  helpdeskTypeQuerySchema,
  helpdeskWebhookBodySchema,
  helpdeskWebhookParamSchema,
  tenantIdParamSchema,
  tenantIdQuerySchema,
} from '@netloom/domain';
import { access, actorOf, superAdminAccess, tenantFromQuery, type TenantSource } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, publicRoute, routeDocs } from '../../http/route-kit';
import type { HelpdeskIntegrationService, IntegrationActor } from './service';

const { tags, security } = routeDocs('support');
const superAdminDocs = routeDocs('super admin');

/** A helpdesk decides where the organisation's tickets and their context go: owners and admins. */
const manage = access('manage', tenantFromQuery('tenant_id'));
const tenantInPath: TenantSource = (request) => (request.params as { tenantId?: string } | undefined)?.tenantId;
const manageInPath = access('manage', tenantInPath);
/** A helpdesk calls once per change; more than this a minute from one token is no helpdesk's doing. */
const perToken = {
  rateLimit: {
    max: 120,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `helpdesk-webhook|${(request.params as { token?: string }).token ?? ''}`,
  },
};
const deleted = { 204: z.null(), ...errorResponses(403, 404) };

export interface HelpdeskRoutesOptions {
  helpdesks: HelpdeskIntegrationService;
}

/** Ticket integrations (spec 001 "Ticket"): which external helpdesk a tenant's tickets are raised in. */
export const helpdeskRoutes: FastifyPluginAsyncZod<HelpdeskRoutesOptions> = async (app, { helpdesks }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tenantActor = (request: Parameters<typeof actorOf>[0]): IntegrationActor => {
    const a = actorOf(request);
    return { tenantId: a.scope.tenantId, userId: a.userId, email: a.email, ip: a.ip };
  };
  const providerActor = (request: Parameters<typeof actorOf>[0]): IntegrationActor => ({
    tenantId: null,
    userId: request.principal!.user.id,
    email: request.principal!.user.email,
    ip: request.ip,
  });

  api.get(
    p(HELPDESK_PATHS.tenant),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: "Where the tenant's tickets go: Netloom's own helpdesk, its own connected helpdesk, or the provider's",
        querystring: tenantIdQuerySchema,
        response: { 200: helpdeskStatusSchema, ...errorResponses(403) },
      },
    },
    async (request) => helpdesks.status(actorOf(request).scope.tenantId),
  );

  api.post(
    p(HELPDESK_PATHS.tenant),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Connect a helpdesk: the credentials are tried against it first, then kept sealed and never answered again',
        querystring: helpdeskTypeQuerySchema,
        body: helpdeskCredentialsBodySchema,
        response: { 201: helpdeskIntegrationSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => reply.status(201).send(await helpdesks.connect(tenantActor(request), request.query.type, request.body)),
  );

  api.put(
    p(HELPDESK_PATHS.tenantById(':tenantId')),
    {
      config: manageInPath,
      schema: {
        tags,
        security,
        summary: "Replace the tenant's helpdesk credentials (tried against the helpdesk first)",
        params: tenantIdParamSchema,
        querystring: helpdeskTypeQuerySchema.pick({ type: true }),
        body: helpdeskCredentialsBodySchema,
        response: { 200: helpdeskIntegrationSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => helpdesks.connect(tenantActor(request), request.query.type, request.body),
  );

  api.delete(
    p(HELPDESK_PATHS.tenant),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: "Disconnect the tenant's helpdesk: tickets go to the provider's or Netloom's own again",
        querystring: helpdeskTypeQuerySchema,
        response: deleted,
      },
    },
    async (request, reply) => {
      await helpdesks.disconnect(tenantActor(request), request.query.type);
      return reply.status(204).send(null);
    },
  );

  api.get(
    p(HELPDESK_PATHS.credentials(':type')),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: "Whether the helpdesk's credentials are set and since when (never the credentials)",
        params: helpdeskTypeParamSchema,
        querystring: tenantIdQuerySchema,
        response: { 200: helpdeskCredentialsInfoSchema, ...errorResponses(403) },
      },
    },
    async (request) => helpdesks.credentialsInfo(actorOf(request).scope.tenantId, request.params.type),
  );

  api.get(
    p(HELPDESK_PATHS.provider),
    {
      config: superAdminAccess,
      schema: {
        tags: superAdminDocs.tags,
        security,
        summary: 'The helpdesk of every tenant without its own, if the provider connected one',
        response: { 200: helpdeskIntegrationSchema.nullable(), ...errorResponses(403) },
      },
    },
    async () => helpdesks.providerStatus(),
  );

  api.put(
    p(HELPDESK_PATHS.provider),
    {
      config: superAdminAccess,
      schema: {
        tags: superAdminDocs.tags,
        security,
        summary: 'Connect the helpdesk of every tenant without its own (the credentials are tried first)',
        querystring: helpdeskTypeQuerySchema.pick({ type: true }),
        body: helpdeskCredentialsBodySchema,
        response: { 200: helpdeskIntegrationSchema, ...errorResponses(403) },
      },
    },
    async (request) => helpdesks.connect(providerActor(request), request.query.type, request.body),
  );

  api.delete(
    p(HELPDESK_PATHS.provider),
    {
      config: superAdminAccess,
      schema: {
        tags: superAdminDocs.tags,
        security,
        summary: "Disconnect the provider's helpdesk",
        querystring: helpdeskTypeQuerySchema.pick({ type: true }),
        response: deleted,
      },
    },
    async (request, reply) => {
      await helpdesks.disconnect(providerActor(request), request.query.type);
      return reply.status(204).send(null);
    },
  );

  api.post(
    p(HELPDESK_PATHS.webhook(':token')),
    {
      config: { ...publicRoute, ...perToken },
      schema: {
        tags,
        summary:
          'A helpdesk\'s webhook: `{"ticket_id": …}` makes Netloom read that ticket\'s status and replies again now (the token in the path names the integration; 404 for any other)',
        params: helpdeskWebhookParamSchema,
        body: helpdeskWebhookBodySchema,
        response: { 202: z.null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await helpdesks.webhook(request.params.token, String(request.body.ticket_id));
      return reply.status(202).send(null);
    },
  );
};
