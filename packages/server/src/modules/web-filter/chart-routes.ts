import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEBFILTER_PATHS, webFilterGraphBodySchema, webFilterSummarySchema, webFilterUserBodySchema, webFilterUserSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { p } from '../../http/route-kit';
import type { WebFilterAnalytics } from './analytics-service';
import { browsing, doc, querystring, read } from './route-access';

/** The charts: the tenant's and one user's web traffic. */
export const chartRoutes: FastifyPluginAsyncZod<{ analytics: WebFilterAnalytics }> = async (app, { analytics }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    p(WEBFILTER_PATHS.graph),
    {
      config: read,
      schema: {
        ...doc('The web filter summary over 1h, 24h or 7d (spec 001 §3)'),
        querystring,
        body: webFilterGraphBodySchema,
        response: { 200: webFilterSummarySchema },
      },
    },
    async (request) => analytics.summary(actorOf(request), request.body.start_time, request.body.top_count),
  );
  api.post(
    p(WEBFILTER_PATHS.userGraph),
    {
      config: browsing,
      schema: {
        ...doc("One user's top sites, blocked attempts and categories"),
        querystring,
        body: webFilterUserBodySchema,
        response: { 200: webFilterUserSchema },
      },
    },
    async (request) => analytics.user(actorOf(request), request.body.start_time, request.body.user),
  );
};
