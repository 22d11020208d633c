import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_PATHS, networkBodySchema, networkMembersBodySchema, networkSchema, tenantInfoSchema, tenantQuerySchema } from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { computeTenantInfo } from '../../fleet/tenant-info';
import { p, routeDocs } from '../../http/route-kit';
import type { Db } from '../../db/client';
import type { NetworkService } from './service';

const { tags, security } = routeDocs('networks');
const params = z.object({ id: z.string().uuid() });

/** What the composition root hands this plugin. */
export interface NetworkRoutesOptions {
  db: Db;
  networks: NetworkService;
}

/** Device groups (the spec's "networks"); the console adds 'All Device Groups' itself. */
export const networkRoutes: FastifyPluginAsyncZod<NetworkRoutesOptions> = async (app, { db, networks }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(DEVICE_PATHS.networks),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Device groups of the tenant',
        querystring: tenantQuerySchema,
        response: { 200: z.array(networkSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => networks.list(actorOf(request).scope.tenantId),
  );

  api.post(
    p(DEVICE_PATHS.networks),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Create a device group',
        querystring: tenantQuerySchema,
        body: networkBodySchema,
        response: { 201: networkSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.status(201);
      return networks.create(actor, request.body.name);
    },
  );

  api.put(
    p(DEVICE_PATHS.network(':id')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Rename a device group',
        params,
        querystring: tenantQuerySchema,
        body: networkBodySchema,
        response: { 200: networkSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => networks.rename(actorOf(request), request.params.id, request.body.name),
  );

  api.delete(
    p(DEVICE_PATHS.network(':id')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Delete a device group (its devices fall back to no group)',
        params,
        querystring: tenantQuerySchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await networks.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.put(
    p(DEVICE_PATHS.networkMembers(':id')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Set the devices of a group (named devices move in, others fall back to no group)',
        params,
        querystring: tenantQuerySchema,
        body: networkMembersBodySchema,
        response: { 200: networkSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => networks.setMembers(actorOf(request), request.params.id, request.body.device_ids),
  );

  api.get(
    p(DEVICE_PATHS.networkStatus(':id')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Tenant info counted for one device group',
        params,
        querystring: tenantQuerySchema,
        response: { 200: tenantInfoSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { tenantId } = actorOf(request).scope;
      await networks.get(tenantId, request.params.id);
      return computeTenantInfo(db, tenantId, { networkId: request.params.id });
    },
  );
};
