import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { TENANT_PATHS, dashboardConfigSchema, pageQuerySchema, tenantListSchema, tenantQuerySchema } from '@netloom/domain';
import type { Services } from '../../services';
import { errors } from '../../http/errors';
import { paginate, pageWindow } from '../../http/pagination';
import { access, actorOf, superAdminAccess } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { listTenants } from './repo';
import { toDashboardConfig } from './service';
import { findTenant } from '../../identity/repo';
import { toTenantDto } from '../../identity/dto';

const tags = ['tenants'];
const security = [{ bearerAuth: [] }];

export const tenantRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', services.requireAuth);

    authed.get(
      `/${TENANT_PATHS.list}`,
      {
        config: superAdminAccess,
        schema: {
          tags,
          summary: 'All tenants (super admin)',
          security,
          querystring: pageQuerySchema,
          response: { 200: tenantListSchema, ...errorResponses(403) },
        },
      },
      async (request) => {
        const { rows, total } = await listTenants(db, pageWindow(request.query));
        return paginate(request, request.query, total, rows.map(toTenantDto));
      },
    );

    authed.get(
      `/${TENANT_PATHS.dashboardConfig}`,
      {
        config: access('read'),
        schema: {
          tags,
          summary: 'Dashboard flags and subscriptions of the tenant in scope',
          security,
          querystring: tenantQuerySchema,
          response: { 200: dashboardConfigSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        // The products' switch and subscriptions are the consoles' own: a guest-user only downloads the client.
        const { scope } = actorOf(request);
        const row = await findTenant(db, scope.tenantId);
        if (!row) throw errors.notFound();
        return toDashboardConfig(row);
      },
    );
  });
};
