import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DIAGNOSTIC_PATHS,
  THROUGHPUT_PEER_RULE,
  diagnosticDeviceParamsSchema,
  diagnosticParamsSchema,
  diagnosticRunParamsSchema,
  diagnosticRunSchema,
  latestDiagnosticSchema,
  tenantQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { DiagnosticsService } from './service';

const { tags, security } = routeDocs('diagnostics');

/** What the composition root hands this plugin. */
export interface DiagnosticsRoutesOptions {
  diagnostics: DiagnosticsService;
}

/** A gateway's diagnostics: start one (editors and up), read it as it streams, stop it, download a capture. */
export const diagnosticsRoutes: FastifyPluginAsyncZod<DiagnosticsRoutesOptions> = async (app, { diagnostics }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    p(DIAGNOSTIC_PATHS.device(':deviceId')),
    {
      // The other end of a throughput test is the handler's to check: another approved gateway of the tenant.
      config: { ...access('write'), rules: [THROUGHPUT_PEER_RULE] },
      schema: {
        tags,
        security,
        summary:
          'Run a diagnostic on the gateway (ping, traceroute, DNS lookup, packet capture, throughput to another gateway): answered at once (202); its output comes over the `diagnostics` live feed. One at a time per device (409)',
        params: diagnosticDeviceParamsSchema,
        querystring: tenantQuerySchema,
        body: diagnosticParamsSchema,
        response: { 202: diagnosticRunSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(202).send(await diagnostics.start(actorOf(request), request.params.deviceId, request.body)),
  );

  api.get(
    p(DIAGNOSTIC_PATHS.device(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "The gateway's newest diagnostic with its output so far, or null",
        params: diagnosticDeviceParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: latestDiagnosticSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => diagnostics.latest(actorOf(request), request.params.deviceId),
  );

  api.get(
    p(DIAGNOSTIC_PATHS.run(':deviceId', ':runId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'One diagnostic of the gateway, with its output so far',
        params: diagnosticRunParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: diagnosticRunSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => diagnostics.get(actorOf(request), request.params.deviceId, request.params.runId),
  );

  api.post(
    p(DIAGNOSTIC_PATHS.stop(':deviceId', ':runId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Stop a running diagnostic: the device stops, says so, and the run ends as stopped (409 once it has ended)',
        params: diagnosticRunParamsSchema,
        querystring: tenantQuerySchema,
        response: { 202: diagnosticRunSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(202).send(await diagnostics.stop(actorOf(request), request.params.deviceId, request.params.runId)),
  );

  api.get(
    p(DIAGNOSTIC_PATHS.capture(':deviceId', ':runId')),
    {
      config: { ...access('read'), files: ['application/vnd.tcpdump.pcap'] },
      schema: {
        tags,
        security,
        summary: "A packet capture's file (libpcap format) as an attachment named after the device and the time; 404 until the device has sent it whole",
        params: diagnosticRunParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: z.unknown().describe('The file: application/vnd.tcpdump.pcap'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const { file, name } = await diagnostics.capture(actorOf(request), request.params.deviceId, request.params.runId);
      return reply.type('application/vnd.tcpdump.pcap').header('content-disposition', `attachment; filename="${name}"`).send(file);
    },
  );
};
