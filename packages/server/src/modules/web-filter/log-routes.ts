import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  WEBFILTER_PATHS,
  logFilterBodySchema,
  logsManagementBodySchema,
  logsManagementSchema,
  squidLogPageSchema,
  webFilterLogPageSchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { p } from '../../http/route-kit';
import type { WebFilterAnalytics } from './analytics-service';
import { browsing, doc, logs, manage, querystring } from './route-access';

/** The web filter and proxy logs, and how long they are kept. */
export const logRoutes: FastifyPluginAsyncZod<{ analytics: WebFilterAnalytics }> = async (app, { analytics }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const logHandler = (kind: 'webfilter' | 'squid') => async (request: FastifyRequest<{ Body: z.output<typeof logFilterBodySchema> }>, reply: FastifyReply) => {
    const body = request.body;
    const result = await analytics.logs(actorOf(request), kind, body);
    if ('csv' in result) {
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${kind}-logs-${day}.csv"`).send(result.csv);
    }
    const hasNext = body.size > 0 && body.page * body.size < result.count;
    const page = {
      count: result.count,
      next: hasNext ? String(body.page + 1) : null,
      previous: body.page > 1 && body.size > 0 ? String(body.page - 1) : null,
      results: result.rows,
    };
    // Each route's schema serialises its own log's rows.
    return page as never;
  };
  api.post(
    p(WEBFILTER_PATHS.webfilterLogs),
    {
      config: { ...browsing, files: ['text/csv'] },
      schema: {
        ...doc('Every web-filter decision, newest first, with the table filter payload (format=csv for a download)'),
        querystring,
        body: logFilterBodySchema,
        response: { 200: webFilterLogPageSchema },
      },
    },
    logHandler('webfilter'),
  );
  api.post(
    p(WEBFILTER_PATHS.squidLogs),
    {
      config: { ...browsing, files: ['text/csv'] },
      schema: {
        ...doc("The gateways' proxy access log (squid format), newest first (format=csv for a download)"),
        querystring,
        body: logFilterBodySchema,
        response: { 200: squidLogPageSchema },
      },
    },
    logHandler('squid'),
  );
  api.get(
    p(WEBFILTER_PATHS.logsManagement),
    { config: logs, schema: { ...doc('How long each log is kept'), querystring, response: { 200: logsManagementSchema } } },
    async (request) => analytics.logsManagement(actorOf(request)),
  );
  api.put(
    p(WEBFILTER_PATHS.logsManagement),
    {
      config: manage,
      schema: { ...doc('Set how long logs are kept, per log type'), querystring, body: logsManagementBodySchema, response: { 200: logsManagementSchema } },
    },
    async (request) => analytics.saveLogsManagement(actorOf(request), request.body.retention),
  );
};
