import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ORG_PATHS,
  canManageUsers,
  canReadTeams,
  configPreferenceBodySchema,
  configPreferenceSchema,
  organisationBodySchema,
  organisationSchema,
  tidQuerySchema,
} from '@netloom/domain';
import type { Services } from '../../services';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';

const tags = ['tenant settings'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;
const querystring = tidQuerySchema;

/** Tenant-wide settings: members read them, owners and admins change them. */
export const tenantSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { settings } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  api.get(
    p(ORG_PATHS.configPreference),
    {
      config: access(canReadTeams),
      schema: {
        tags,
        security,
        summary: 'Dashboard settings of the tenant, with the defaults of spec §3',
        querystring,
        response: { 200: configPreferenceSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => settings.getPreference(actorOf(request)),
  );

  api.post(
    p(ORG_PATHS.configPreference),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Save dashboard settings {dashboard:{flags}, devReg_autoApprove}',
        querystring,
        body: configPreferenceBodySchema,
        response: { 200: configPreferenceSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => settings.savePreference(actorOf(request), request.body),
  );

  api.get(
    p(ORG_PATHS.organisation),
    {
      config: access(canReadTeams),
      schema: {
        tags,
        security,
        summary: 'Organisation details and default time zone',
        querystring,
        response: { 200: organisationSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => settings.getOrganisation(actorOf(request)),
  );

  api.put(
    p(ORG_PATHS.organisation),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Change organisation details (owners and admins)',
        querystring,
        body: organisationBodySchema,
        response: { 200: organisationSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => settings.saveOrganisation(actorOf(request), request.body),
  );
};
