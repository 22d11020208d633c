import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RUM_PATHS,
  rumBreakdownQuerySchema,
  rumBreakdownSchema,
  rumErrorsSchema,
  rumOverviewSchema,
  rumQuerySchema,
  rumSessionDetailSchema,
  rumSessionListSchema,
  rumSessionQuerySchema,
  rumSessionsQuerySchema,
  rumSlowestPagesSchema,
  rumTimeseriesSchema,
  rumVitalQuerySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { RumQueryService } from './queries-service';
import { doc, read } from './route-access';

const notFound = errorResponses(404);
const sessionParams = z.object({
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .describe('The session id the SDK made'),
});

/** The RUM page's questions, each about one site over a window, maybe narrowed to a page, country, browser or device class. */
export const rumQueryRoutes: FastifyPluginAsyncZod<{ queries: RumQueryService }> = async (app, { queries }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(RUM_PATHS.overview),
    {
      config: read,
      schema: {
        ...doc('Page views, sessions, error rate, the share of good page loads and each vital’s p75 against Google’s thresholds'),
        querystring: rumQuerySchema,
        response: { 200: rumOverviewSchema, ...notFound },
      },
    },
    async (request) => queries.overview(actorOf(request), request.query),
  );
  api.get(
    p(RUM_PATHS.timeseries),
    {
      config: read,
      schema: { ...doc('A vital’s p75 and good share over time'), querystring: rumVitalQuerySchema, response: { 200: rumTimeseriesSchema, ...notFound } },
    },
    async (request) => queries.timeseries(actorOf(request), request.query),
  );
  api.get(
    p(RUM_PATHS.breakdown),
    {
      config: read,
      schema: {
        ...doc('A vital’s p75 by page, country, browser, OS or device class'),
        querystring: rumBreakdownQuerySchema,
        response: { 200: rumBreakdownSchema, ...notFound },
      },
    },
    async (request) => queries.breakdown(actorOf(request), request.query),
  );
  api.get(
    p(RUM_PATHS.slowestPages),
    {
      config: read,
      schema: {
        ...doc('The pages with the worst p75 of a vital, with what slowed them (the LCP element, the long interaction)'),
        querystring: rumVitalQuerySchema,
        response: { 200: rumSlowestPagesSchema, ...notFound },
      },
    },
    async (request) => queries.slowestPages(actorOf(request), request.query),
  );
  api.get(
    p(RUM_PATHS.errors),
    {
      config: read,
      schema: {
        ...doc('The error rate and the top JavaScript errors, with stacks resolved through the release’s source maps'),
        querystring: rumQuerySchema,
        response: { 200: rumErrorsSchema, ...notFound },
      },
    },
    async (request) => queries.errors(actorOf(request), request.query),
  );
  api.get(
    p(RUM_PATHS.sessions),
    {
      config: read,
      schema: {
        ...doc('Sessions that started in the window, newest first'),
        querystring: rumSessionsQuerySchema,
        response: { 200: rumSessionListSchema, ...notFound },
      },
    },
    async (request) =>
      queries.sessions(actorOf(request), request.query, (page) => {
        const url = new URL(request.url, 'http://x');
        url.searchParams.set('page_number', String(page));
        return `${url.pathname}${url.search}`;
      }),
  );
  api.get(
    p(RUM_PATHS.session(':sessionId')),
    {
      config: read,
      schema: {
        ...doc('One session’s journey: its page views, route changes, vitals and errors in order'),
        params: sessionParams,
        querystring: rumSessionQuerySchema,
        response: { 200: rumSessionDetailSchema, ...notFound },
      },
    },
    async (request) => queries.session(actorOf(request), request.query.site_id, request.params.sessionId),
  );
};
