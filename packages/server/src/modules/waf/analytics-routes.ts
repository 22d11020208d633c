import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WAF_PATHS,
  wafAttackPageSchema,
  wafAttackQuerySchema,
  wafComplianceSchema,
  wafLogPageSchema,
  wafLogQuerySchema,
  wafDiscoveredEndpointSchema,
  wafSummarySchema,
  wafVulnerabilityRowSchema,
  wafWindowQuerySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { WafEventsService } from './events-service';
import { doc, logs, querystring, read } from './route-access';

/** QShield's events (attacks), the edges' access log, the dashboard and the compliance status. */
export const wafAnalyticsRoutes: FastifyPluginAsyncZod<{ events: WafEventsService }> = async (app, { events }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WAF_PATHS.attacks),
    {
      config: logs,
      schema: {
        ...doc('Requests the edges blocked, detected, rate-limited or denied, newest first'),
        querystring: wafAttackQuerySchema,
        response: { 200: wafAttackPageSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => events.attacks(actorOf(request), request.query),
  );
  api.get(
    p(WAF_PATHS.attacksExport),
    {
      config: { ...logs, files: ['text/csv'] },
      schema: {
        ...doc('The attacks of the same filters as a CSV file'),
        querystring: wafAttackQuerySchema.omit({ page: true, page_size: true }),
        response: { 200: z.string().describe('CSV'), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const csv = await events.exportAttacks(actorOf(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="waf-attacks-${day}.csv"`).send(csv);
    },
  );
  api.get(
    p(WAF_PATHS.vulnerabilities),
    {
      config: logs,
      schema: {
        ...doc('The weaknesses attacked on each path of each application over the window, those whose attacks reached the application first'),
        querystring: wafWindowQuerySchema,
        response: { 200: z.array(wafVulnerabilityRowSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => events.vulnerabilities(actorOf(request), request.query),
  );
  api.get(
    p(WAF_PATHS.log),
    {
      config: logs,
      schema: {
        ...doc('Every request the edges served (their access log), newest first'),
        querystring: wafLogQuerySchema,
        response: { 200: wafLogPageSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => events.log(actorOf(request), request.query),
  );
  api.get(
    p(WAF_PATHS.summary),
    {
      config: read,
      schema: {
        ...doc('The QShield dashboard: requests and attacks over the window, by category, country, client, path and rule'),
        querystring: wafWindowQuerySchema,
        response: { 200: wafSummarySchema, ...errorResponses(400) },
      },
    },
    async (request) => events.summary(actorOf(request), request.query),
  );
  api.get(
    p(WAF_PATHS.apiDiscovery),
    {
      config: read,
      schema: {
        ...doc('The API endpoints the edges’ traffic shows: method and path template, requests, errors, statuses and query parameters with their types'),
        querystring: wafWindowQuerySchema,
        response: { 200: z.array(wafDiscoveredEndpointSchema), ...errorResponses(400) },
      },
    },
    async (request) => events.apiDiscovery(actorOf(request), request.query),
  );
  api.get(
    p(WAF_PATHS.compliance),
    {
      config: read,
      schema: { ...doc('Each application’s compliance checklist, derived from its policy'), querystring, response: { 200: wafComplianceSchema } },
    },
    async (request) => events.compliance(actorOf(request)),
  );
};
