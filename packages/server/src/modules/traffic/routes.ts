import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TRAFFIC_PATHS,
  TRAFFIC_PRODUCTS,
  flowsAnswerSchema,
  flowsQueryBodySchema,
  trafficAnswerSchema,
  trafficGraphSchema,
  trafficQueryBodySchema,
  trafficUserBodySchema,
} from '@netloom/domain';
import { access, actorOf, browsingDataAccess, tenantFromBody } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { TrafficService } from './service';

const { tags, security } = routeDocs('traffic');
const product = z.enum(TRAFFIC_PRODUCTS);

/** What the composition root hands this plugin. */
export interface TrafficRoutesOptions {
  traffic: TrafficService;
}

/** The traffic calls (spec 001 §7 Traffic): POST with the graph config body, tenant from its tenant_id. */
export const trafficRoutes: FastifyPluginAsyncZod<TrafficRoutesOptions> = async (app, { traffic }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    p(TRAFFIC_PATHS.flows(':product')),
    {
      // Raw flows name each host, user and site: personal browsing data.
      config: browsingDataAccess(tenantFromBody),
      schema: {
        tags,
        security,
        summary: "The flow records behind a chart's bar (graph and key), or all of a window's, newest first, with search and paging",
        params: z.object({ product }),
        body: flowsQueryBodySchema,
        response: { 200: flowsAnswerSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => traffic.flows(actorOf(request), request.params.product, request.body),
  );

  api.post(
    p(TRAFFIC_PATHS.user(':product')),
    {
      config: browsingDataAccess(tenantFromBody),
      schema: {
        tags,
        security,
        summary: "One user's applications over a window (individual user data), the rest of the user's traffic as 'Other'",
        params: z.object({ product }),
        body: trafficUserBodySchema,
        response: { 200: trafficAnswerSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => traffic.userData(actorOf(request), request.params.product, request.body),
  );

  api.post(
    p(TRAFFIC_PATHS.device(':product', ':deviceId', ':graph')),
    {
      config: access('read', tenantFromBody),
      schema: {
        tags,
        security,
        summary: "One device's top-N traffic chart (its top protocols, destinations, talkers, server and client ports, WANs, …) over a window",
        params: z.object({ product, deviceId: z.string().uuid(), graph: trafficGraphSchema }),
        body: trafficQueryBodySchema,
        response: { 200: trafficAnswerSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => traffic.chart(actorOf(request), request.params.product, request.params.graph, request.body, request.params.deviceId),
  );

  api.post(
    p(TRAFFIC_PATHS.tenant(':product', ':graph')),
    {
      config: access('read', tenantFromBody),
      schema: {
        tags,
        security,
        summary:
          "The tenant's top-N traffic chart (Top Sites, Applications, Talkers, Sources, Destinations, Source and Destination Countries, User per Application, Application per User, protocols, ports, users, WANs), the rest as 'Other'",
        params: z.object({ product, graph: trafficGraphSchema }),
        body: trafficQueryBodySchema,
        response: { 200: trafficAnswerSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => traffic.chart(actorOf(request), request.params.product, request.params.graph, request.body),
  );
};
