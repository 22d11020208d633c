import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ORG_PATHS,
  canManageUsers,
  canReadTeams,
  configPreferenceBodySchema,
  configPreferenceSchema,
  dashboardLayoutBodySchema,
  dashboardLayoutParamsSchema,
  dashboardLayoutPath,
  dashboardLayoutSchema,
  organisationBodySchema,
  organisationSchema,
  tidQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { TenantSettingsService } from './service';

const { tags, security } = routeDocs('tenant settings');
const querystring = tidQuerySchema;

/** What the composition root hands this plugin. */
export interface TenantSettingsRoutesOptions {
  settings: TenantSettingsService;
}

/** Tenant-wide settings: members read them, owners and admins change them. */
export const tenantSettingsRoutes: FastifyPluginAsyncZod<TenantSettingsRoutesOptions> = async (app, { settings }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

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

  // One product's dashboard layout: which widgets show and in what order (spec 000 §2.2 customize tenant dashboard).
  const layoutPath = p(dashboardLayoutPath(':product'));
  const params = dashboardLayoutParamsSchema;

  api.get(
    layoutPath,
    {
      config: access(canReadTeams),
      schema: {
        tags,
        security,
        summary: 'Dashboard layout of a product: the widgets in order, each shown or not (the default when none was saved)',
        params,
        querystring,
        response: { 200: dashboardLayoutSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => settings.getDashboardLayout(actorOf(request), request.params.product),
  );

  api.put(
    layoutPath,
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: "Save a product's dashboard layout {widgets:[{id, shown}]} (owners and admins)",
        params,
        querystring,
        body: dashboardLayoutBodySchema,
        response: { 200: dashboardLayoutSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => settings.saveDashboardLayout(actorOf(request), request.params.product, request.body),
  );

  api.delete(
    layoutPath,
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: "Reset a product's dashboard layout to the default (owners and admins)",
        params,
        querystring,
        response: { 200: dashboardLayoutSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => settings.resetDashboardLayout(actorOf(request), request.params.product),
  );
};
