import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEM_PATHS,
  demAffectedUsersSchema,
  demAlarmsSchema,
  demFormulaSchema,
  demOverviewSchema,
  demQuerySchema,
  demResultsPageSchema,
  demResultsQuerySchema,
  demScoresQuerySchema,
  demScoresSchema,
  demTimeseriesSchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { DemQueries } from './queries';
import { doc, querystring, read } from './route-access';

const answers = <T>(ok: T) => ({ 200: ok, ...errorResponses(400, 403) });

/** The DEM page's questions: scores, trends, the users affected now and the raw results. */
export const demQueryRoutes: FastifyPluginAsyncZod<{ queries: DemQueries }> = async (app, { queries }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(DEM_PATHS.formula),
    {
      config: read,
      schema: { ...doc('The experience score’s formula: each component’s weight and thresholds'), querystring, response: { 200: demFormulaSchema } },
    },
    async () => queries.formula(),
  );
  api.get(
    p(DEM_PATHS.overview),
    {
      config: read,
      schema: {
        ...doc('The experience score overall and per application, with trend and the users affected now'),
        querystring: demQuerySchema,
        response: answers(demOverviewSchema),
      },
    },
    async (request) => queries.overview(actorOf(request), request.query),
  );
  api.get(
    p(DEM_PATHS.scores),
    {
      config: read,
      schema: {
        ...doc('Experience scores per application, user, location or network, with each component’s score and the worst one'),
        querystring: demScoresQuerySchema,
        response: answers(demScoresSchema),
      },
    },
    async (request) => queries.scores(actorOf(request), request.query),
  );
  api.get(
    p(DEM_PATHS.timeseries),
    {
      config: read,
      schema: { ...doc('The score and the mean of each component over time'), querystring: demQuerySchema, response: answers(demTimeseriesSchema) },
    },
    async (request) => queries.timeseries(actorOf(request), request.query),
  );
  api.get(
    p(DEM_PATHS.affectedUsers),
    {
      config: read,
      schema: {
        ...doc('The users whose experience of an application is under its threshold now, with the cause'),
        querystring: demQuerySchema,
        response: answers(demAffectedUsersSchema),
      },
    },
    async (request) => queries.affectedUsers(actorOf(request), request.query),
  );
  api.get(
    p(DEM_PATHS.alarms),
    {
      config: read,
      schema: {
        ...doc('The newest DEM alarms: an endpoint’s experience of an application under its threshold, and back'),
        querystring,
        response: { 200: demAlarmsSchema },
      },
    },
    async (request) => queries.alarms(actorOf(request)),
  );
  api.get(
    p(DEM_PATHS.results),
    {
      config: read,
      schema: { ...doc('The endpoints’ raw test results, newest first'), querystring: demResultsQuerySchema, response: answers(demResultsPageSchema) },
    },
    async (request) => queries.results(actorOf(request), request.query),
  );
};
