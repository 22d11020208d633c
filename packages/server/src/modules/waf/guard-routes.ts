import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { WAF_PATHS, wafAuthAbuseViewSchema, wafGraphqlViewSchema, wafWindowQuerySchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { WafGuardService } from './guard-service';
import { doc, logs, read } from './route-access';

/** What the edges' API guard saw and refused: GraphQL operations, and login attempts judged for authentication abuse. */
export const wafGuardRoutes: FastifyPluginAsyncZod<{ guard: WafGuardService }> = async (app, { guard }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WAF_PATHS.graphql),
    {
      // The refusals name clients: whoever may read the organisation's logs.
      config: logs,
      schema: {
        ...doc(
          'The GraphQL operations the edges saw over the window (type and name, requests, errors, depth, aliases, fields, introspection) against each application’s limits, and the queries refused with why',
        ),
        querystring: wafWindowQuerySchema,
        response: { 200: wafGraphqlViewSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => guard.graphql(actorOf(request), request.query),
  );
  api.get(
    p(WAF_PATHS.authAbuse),
    {
      // Every reader sees the attacks; account names and client addresses are masked for those who may not read the logs.
      config: read,
      schema: {
        ...doc(
          'Authentication abuse: login attempts and failures per login endpoint, clients ranked for credential stuffing, password spraying and brute force, the accounts under attack and login protection’s detections',
        ),
        querystring: wafWindowQuerySchema,
        response: { 200: wafAuthAbuseViewSchema, ...errorResponses(400) },
      },
    },
    async (request) => guard.authAbuse(actorOf(request), request.query),
  );
};
