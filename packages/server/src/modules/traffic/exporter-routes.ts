import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FLOW_EXPORTER_PATHS, flowExporterSchema, tenantQuerySchema } from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { FlowExporterService } from './exporter-service';

const { tags, security } = routeDocs('traffic');

/** What the composition root hands this plugin. */
export interface FlowExporterRoutesOptions {
  flowExporters: FlowExporterService;
}

/** A device's flow exporter address (the flow collector's directory): read by whoever sees the device, set by whoever may edit it. */
export const flowExporterRoutes: FastifyPluginAsyncZod<FlowExporterRoutesOptions> = async (app, { flowExporters }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Named deviceId, so the security suite probes it with another tenant's devices.
  const byId = { params: z.object({ deviceId: z.string().uuid() }), querystring: tenantQuerySchema };

  api.get(
    p(FLOW_EXPORTER_PATHS.device(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'The source address whose NetFlow v9 / IPFIX datagrams count as this device’s traffic (null: none)',
        ...byId,
        response: { 200: flowExporterSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => flowExporters.get(actorOf(request).scope.tenantId, request.params.deviceId),
  );

  api.put(
    p(FLOW_EXPORTER_PATHS.device(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Set or clear the device’s flow exporter address; one address feeds one device across all tenants (409 when another holds it)',
        ...byId,
        body: flowExporterSchema,
        response: { 200: flowExporterSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => flowExporters.set(actorOf(request), request.params.deviceId, request.body),
  );
};
