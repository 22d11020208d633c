import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ORG_PATHS,
  customerListSchema,
  customerQuerySchema,
  idParamSchema,
  tenantCreateBodySchema,
  tenantDeleteBodySchema,
  tenantDetailSchema,
  tenantMonitorBodySchema,
  tenantMonitorSchema,
  tenantUpdateBodySchema,
} from '@netloom/domain';
import { superAdminAccess } from '../../http/access';
import { paginate, pageWindow } from '../../http/pagination';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { OrganisationService } from './service';

const { tags, security } = routeDocs('super admin');
const params = idParamSchema;

/** What the composition root hands this plugin. */
export interface OrganisationRoutesOptions {
  organisations: OrganisationService;
}

/** Tenant administration for the provider: create, edit, suspend, delete, monitor, customers. */
export const organisationRoutes: FastifyPluginAsyncZod<OrganisationRoutesOptions> = async (app, { organisations }) => {
  const orgs = organisations;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const by = (request: FastifyRequest) => request.principal!;

  api.post(
    p(ORG_PATHS.tenants),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Create a tenant (optionally inviting its first owner)',
        body: tenantCreateBodySchema,
        response: { 201: tenantDetailSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await orgs.create(by(request), request.ip, request.body)),
  );

  api.get(
    p(ORG_PATHS.customers),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Customers: tenants with owner, subscriptions, devices and users',
        querystring: customerQuerySchema,
        response: { 200: customerListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { search, ...page } = request.query;
      const { rows, total } = await orgs.customers(search, pageWindow(page));
      return paginate(request, page, total, rows);
    },
  );

  api.post(
    p(ORG_PATHS.monitor),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Tenant monitor: counts, users and last activity',
        body: tenantMonitorBodySchema,
        response: { 200: tenantMonitorSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => orgs.monitor(request.body.tenant_id),
  );

  api.get(
    p(ORG_PATHS.tenant(':id')),
    {
      config: superAdminAccess,
      schema: { tags, security, summary: 'One tenant', params, response: { 200: tenantDetailSchema, ...errorResponses(403, 404) } },
    },
    async (request) => orgs.detail(request.params.id),
  );

  api.put(
    p(ORG_PATHS.tenant(':id')),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Edit name, subscriptions, all-product access, suspension',
        params,
        body: tenantUpdateBodySchema,
        response: { 200: tenantDetailSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => orgs.update(by(request), request.ip, request.params.id, request.body),
  );

  api.delete(
    p(ORG_PATHS.tenant(':id')),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Delete a tenant with everything in it; body {confirm: tenant name}',
        params,
        body: tenantDeleteBodySchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await orgs.remove(by(request), request.ip, request.params.id, request.body.confirm);
      return reply.status(204).send(null);
    },
  );
};
