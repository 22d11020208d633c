import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_PATHS,
  adminDeviceSchema,
  claimDeviceBodySchema,
  deviceIdParamsSchema,
  deviceListBodySchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceRowSchema,
  interfaceMetricsListSchema,
  jobAcceptedSchema,
  metricsQuerySchema,
  systemMetricsSchema,
  tenantIdBodySchema,
  tenantQuerySchema,
  userDevicesQuerySchema,
  viewTypeKind,
} from '@netloom/domain';
import { errors } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { paginate, pageWindow } from '../../http/pagination';
import { access, actorOf, tenantFromBody, tenantFromQuery, type Actor, type Need } from '../../http/access';
import { toDeviceRow } from '../../fleet/device-row';
import { specFromBody } from './service';
import { p, routeDocs } from '../../http/route-kit';
import type { DeviceService } from './service';

const { tags, security } = routeDocs('devices');

const TENANT_NAMED_TWICE = 'The tenant is named twice with different ids';

/** The tenant a list call names: the filter, the body and the query must agree when several do. */
function namedTenant(request: FastifyRequest): string | undefined {
  const body = request.body as z.infer<typeof deviceListBodySchema>;
  const query = request.query as z.infer<typeof tenantQuerySchema>;
  const filterTenant = body.filters.find((f) => f.key === 'tenant_id')?.value as string | undefined;
  const candidates = [filterTenant, body.tenant_id, query.tid];
  const named = [...new Set(candidates.filter((c): c is string => Boolean(c)))];
  if (named.length > 1) throw errors.invalid({ tenant_id: [TENANT_NAMED_TWICE] });
  return named[0];
}

/** What the composition root hands this plugin. */
export interface DeviceRoutesOptions {
  devices: DeviceService;
}

export const deviceRoutes: FastifyPluginAsyncZod<DeviceRoutesOptions> = async (app, { devices }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    p(DEVICE_PATHS.list),
    {
      config: { ...access('read', namedTenant), rules: [TENANT_NAMED_TWICE] },
      schema: {
        tags,
        security,
        summary: 'Device list with the table filter payload (size 0 = all)',
        querystring: tenantQuerySchema,
        body: deviceListBodySchema,
        response: { 200: deviceListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { body } = request;
      const actor = actorOf(request);
      const { rows, total } = await devices.list(actor.scope.tenantId, specFromBody(body));
      return paginate(request, { page: body.page, page_size: body.size }, total, rows);
    },
  );

  api.get(
    p(DEVICE_PATHS.list),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Device list by group and product (page_size=0 = all)',
        querystring: deviceListQuerySchema,
        response: { 200: deviceListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const q = request.query;
      const actor = actorOf(request);
      const { rows, total } = await devices.list(actor.scope.tenantId, {
        networkIds: q.network_id ? [q.network_id] : [],
        kinds: q.type ? [viewTypeKind(q.type)] : [],
        statuses: [],
        os: [],
        users: [],
        locations: [],
        search: q.search?.trim() || null,
        sort: null,
        ...pageWindow(q),
      });
      return paginate(request, q, total, rows);
    },
  );

  api.post(
    p(DEVICE_PATHS.adminDevices),
    {
      config: access('read', tenantFromBody),
      schema: {
        tags,
        security,
        summary: 'Devices of a tenant, short form',
        body: tenantIdBodySchema,
        response: { 200: z.array(adminDeviceSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => devices.adminList(actorOf(request).scope.tenantId),
  );

  api.get(
    p(DEVICE_PATHS.userDevices),
    {
      config: access('read', tenantFromQuery('tenant_id')),
      schema: {
        tags,
        security,
        summary: 'Devices of one ZTNA user',
        querystring: userDevicesQuerySchema,
        response: { 200: z.array(deviceRowSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return devices.userDevices(actor.scope.tenantId, request.query.username);
    },
  );

  api.post(
    p(DEVICE_PATHS.claim),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Pre-register an approved device by serial',
        querystring: tenantQuerySchema,
        body: claimDeviceBodySchema,
        response: { 201: deviceRowSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.status(201);
      return devices.claim(actor, request.body);
    },
  );

  const byId = { params: deviceIdParamsSchema, querystring: tenantQuerySchema };

  api.get(
    p(DEVICE_PATHS.detail(':id')),
    {
      config: access('read'),
      schema: { tags, security, summary: 'One device row', ...byId, response: { 200: deviceRowSchema, ...errorResponses(403, 404) } },
    },
    async (request) => {
      const actor = actorOf(request);
      return toDeviceRow(await devices.get(actor.scope.tenantId, request.params.id));
    },
  );

  const action = (path: string, summary: string, need: Need, run: (actor: Actor, id: string) => Promise<z.infer<typeof deviceRowSchema>>, conflicts = false) =>
    api.post(
      p(path),
      {
        config: access(need),
        schema: { tags, security, summary, ...byId, response: { 200: deviceRowSchema, ...errorResponses(403, 404, ...(conflicts ? [409 as const] : [])) } },
      },
      async (request) => run(actorOf(request), request.params.id),
    );
  action(DEVICE_PATHS.approve(':id'), 'Approve a pending device (it receives its credential)', 'write', (a, id) => devices.approve(a, id), true);
  action(DEVICE_PATHS.unclaim(':id'), 'Remove a device from the tenant inventory', 'write', (a, id) => devices.unclaim(a, id));
  action(DEVICE_PATHS.activate(':id'), 'Allow a deactivated device to connect again', 'write', (a, id) => devices.setActive(a, id, true));
  action(DEVICE_PATHS.deactivate(':id'), 'Refuse the device until it is activated', 'write', (a, id) => devices.setActive(a, id, false));

  api.post(
    p(DEVICE_PATHS.restart(':id')),
    {
      config: access('write'),
      schema: { tags, security, summary: 'Queue a reboot job for the device', ...byId, response: { 202: jobAcceptedSchema, ...errorResponses(403, 404, 409) } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.status(202);
      return devices.restart(actor, request.params.id);
    },
  );

  api.get(
    p(DEVICE_PATHS.metrics(':id')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Interface counters and pings of the last minutes (1–60)',
        params: deviceIdParamsSchema,
        querystring: metricsQuerySchema,
        response: { 200: interfaceMetricsListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return devices.metrics(actor.scope.tenantId, request.params.id, request.query.minutes);
    },
  );

  api.get(
    p(DEVICE_PATHS.systemMetrics(':id')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'CPU and memory of the last minutes (1–60)',
        params: deviceIdParamsSchema,
        querystring: metricsQuerySchema,
        response: { 200: systemMetricsSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return devices.systemMetrics(actor.scope.tenantId, request.params.id, request.query.minutes);
    },
  );
};
