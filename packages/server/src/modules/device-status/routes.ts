import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STATUS_PATHS,
  deviceStatusParamsSchema,
  deviceStatusSchema,
  statusRefreshSchema,
  tenantBgpSchema,
  tenantQuerySchema,
  tenantTunnelsSchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { DeviceStatusService } from './service';

const { tags, security } = routeDocs('device status');

/** What the composition root hands this plugin. */
export interface DeviceStatusRoutesOptions {
  deviceStatus: DeviceStatusService;
}

/** Status snapshots of a device: read the newest, ask for a fresh one. */
export const deviceStatusRoutes: FastifyPluginAsyncZod<DeviceStatusRoutesOptions> = async (app, { deviceStatus }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(STATUS_PATHS.tenantBgp),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "Every gateway's BGP as it last reported it: local address and AS, neighbours with state and messages",
        querystring: tenantQuerySchema,
        response: { 200: tenantBgpSchema, ...errorResponses(403) },
      },
    },
    async (request) => deviceStatus.tenantBgp(actorOf(request)),
  );

  api.get(
    p(STATUS_PATHS.tenantTunnels),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "Every gateway's IPsec tunnels as it last reported them, up or down (VPN status)",
        querystring: tenantQuerySchema,
        response: { 200: tenantTunnelsSchema, ...errorResponses(403) },
      },
    },
    async (request) => deviceStatus.tenantTunnels(actorOf(request)),
  );

  api.get(
    p(STATUS_PATHS.snapshot(':deviceId', ':kind')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary:
          "The device's newest snapshot of a kind (routes, interfaces, DHCP leases, IPsec and its statistics, ARP, system, BGP, SD-WAN paths, multi-WAN, SLA probes, firewall counters, IP sets, URL filter and tracking, client usage, logs) and when it was taken",
        params: deviceStatusParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: deviceStatusSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => deviceStatus.get(actorOf(request), request.params.deviceId, request.params.kind),
  );

  api.post(
    p(STATUS_PATHS.refresh(':deviceId', ':kind')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Ask the device for a fresh snapshot (a job it answers with a status message)',
        params: deviceStatusParamsSchema,
        querystring: tenantQuerySchema,
        response: { 202: statusRefreshSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(202).send(await deviceStatus.refresh(actorOf(request), request.params.deviceId, request.params.kind)),
  );
};
