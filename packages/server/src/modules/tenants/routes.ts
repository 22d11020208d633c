import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { TENANT_PATHS, dashboardConfigSchema, pageQuerySchema, tenantListSchema, tenantQuerySchema } from '@netloom/domain';
import { paginate, pageWindow } from '../../http/pagination';
import { access, actorOf, superAdminAccess } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { dashboardConfigOf, tenantPage } from './service';
import { p, routeDocs } from '../../http/route-kit';
import type { Db } from '../../db/client';

const { tags, security } = routeDocs('tenants');

/** What the composition root hands this plugin. */
export interface TenantRoutesOptions {
  db: Db;
}

export const tenantRoutes: FastifyPluginAsyncZod<TenantRoutesOptions> = async (app, { db }) => {
  app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();

    authed.get(
      p(TENANT_PATHS.list),
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
        const { rows, total } = await tenantPage(db, pageWindow(request.query));
        return paginate(request, request.query, total, rows);
      },
    );

    authed.get(
      p(TENANT_PATHS.dashboardConfig),
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
        return dashboardConfigOf(db, actorOf(request).scope.tenantId);
      },
    );
  });
};
