import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SSO_PATHS,
  canManageSso,
  idParamSchema,
  ssoDomainBodySchema,
  ssoDomainListSchema,
  ssoDomainSchema,
  ssoMappingBodySchema,
  ssoMappingListSchema,
  ssoMappingSchema,
  ssoProviderCreateBodySchema,
  ssoProviderListSchema,
  ssoProviderSchema,
  ssoProviderUpdateBodySchema,
  ssoSettingsBodySchema,
  ssoSettingsSchema,
  tidQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { deleted, p, routeDocs, writeErrors } from '../../http/route-kit';
import type { SsoSettingsService } from './settings-service';

const { tags, security } = routeDocs('single sign-on');
const querystring = tidQuerySchema;
const params = idParamSchema;
const config = access(canManageSso);

/** What the composition root hands this plugin. */
export interface SsoRoutesOptions {
  ssoSettings: SsoSettingsService;
}

/** Single sign-on set-up: the organisation's owners only. */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, { ssoSettings: sso }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(SSO_PATHS.providers),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Identity providers of the organisation (secrets never answered)',
        querystring,
        response: { 200: ssoProviderListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ results: await sso.providers(actorOf(request)) }),
  );

  api.post(
    p(SSO_PATHS.providers),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add an OpenID Connect identity provider',
        querystring,
        body: ssoProviderCreateBodySchema,
        response: { 201: ssoProviderSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await sso.createProvider(actorOf(request), request.body)),
  );

  api.put(
    p(SSO_PATHS.provider(':id')),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Change an identity provider; a missing client_secret keeps the stored one',
        querystring,
        params,
        body: ssoProviderUpdateBodySchema,
        response: { 200: ssoProviderSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => sso.updateProvider(actorOf(request), request.params.id, request.body),
  );

  api.delete(
    p(SSO_PATHS.provider(':id')),
    { config, schema: { tags, security, summary: 'Remove an identity provider', querystring, params, response: deleted } },
    async (request, reply) => {
      await sso.removeProvider(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    p(SSO_PATHS.domains),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'E-mail domains of the organisation, with the TXT record that proves each',
        querystring,
        response: { 200: ssoDomainListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ results: await sso.domains(actorOf(request)) }),
  );

  api.post(
    p(SSO_PATHS.domains),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Claim an e-mail domain (verified once its TXT record is published)',
        querystring,
        body: ssoDomainBodySchema,
        response: { 201: ssoDomainSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await sso.addDomain(actorOf(request), request.body.domain)),
  );

  api.post(
    p(SSO_PATHS.domainVerify(':id')),
    {
      config,
      schema: {
        tags,
        security,
        summary: "Look up the domain's TXT record now; 409 when it is missing or another organisation verified the domain",
        querystring,
        params,
        response: { 200: ssoDomainSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => sso.verifyDomain(actorOf(request), request.params.id),
  );

  api.delete(
    p(SSO_PATHS.domain(':id')),
    { config, schema: { tags, security, summary: 'Give up an e-mail domain', querystring, params, response: deleted } },
    async (request, reply) => {
      await sso.removeDomain(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    p(SSO_PATHS.mappings),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Provider groups mapped to Netloom roles and groups',
        querystring,
        response: { 200: ssoMappingListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ results: await sso.mappings(actorOf(request)) }),
  );

  api.post(
    p(SSO_PATHS.mappings),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Map a provider group to a role, a Netloom group or both (applied on every sign-in)',
        querystring,
        body: ssoMappingBodySchema,
        response: { 201: ssoMappingSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await sso.addMapping(actorOf(request), request.body)),
  );

  api.delete(
    p(SSO_PATHS.mapping(':id')),
    { config, schema: { tags, security, summary: 'Remove a group mapping', querystring, params, response: deleted } },
    async (request, reply) => {
      await sso.removeMapping(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    p(SSO_PATHS.settings),
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Whether SSO is required, and the role of users created at first sign-in',
        querystring,
        response: { 200: ssoSettingsSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => sso.settings(actorOf(request)),
  );

  api.put(
    p(SSO_PATHS.settings),
    {
      config,
      schema: {
        tags,
        security,
        summary: "Require SSO (owners' break-glass accounts excepted) and the default role",
        querystring,
        body: ssoSettingsBodySchema,
        response: { 200: ssoSettingsSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => sso.saveSettings(actorOf(request), request.body),
  );
};
