import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORG_PATHS, canReadLogs, logListSchema, logQuerySchema } from '@netloom/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { access, actorOf } from '../../http/access';
import { paginate, pageWindow } from '../../http/pagination';
import { errorResponses } from '../../http/openapi';
import { logsCsv, type LogKind } from './service';
import { p, routeDocs } from '../../http/route-kit';
import type { ActivityService } from './service';

// activity/service.ts refuses a window that ends before it starts.
const END_BEFORE_START = 'Please enter a valid end date';

const { tags, security } = routeDocs('logs');

/** What the composition root hands this plugin. */
export interface ActivityRoutesOptions {
  logs: ActivityService;
}

/** Login logs and activity logs of a tenant: JSON pages, or CSV with format=csv. */
export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (app, { logs }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const handler = (kind: LogKind) => async (request: FastifyRequest<{ Querystring: typeof logQuerySchema._output }>, reply: FastifyReply) => {
    const q = request.query;
    const { rows, total } = await logs.list(actorOf(request), kind, q, pageWindow(q));
    if (q.format === 'csv') {
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${kind}-logs-${day}.csv"`).send(logsCsv(rows));
    }
    return paginate(request, q, total, rows);
  };

  api.get(
    p(ORG_PATHS.loginLogs),
    {
      config: { ...access(canReadLogs), files: ['text/csv'], rules: [END_BEFORE_START] },
      schema: {
        tags,
        security,
        summary: 'Logins, failed logins and logouts (format=csv for a download)',
        querystring: logQuerySchema,
        response: { 200: logListSchema, ...errorResponses(403, 404) },
      },
    },
    handler('login'),
  );

  api.get(
    p(ORG_PATHS.activityLogs),
    {
      config: { ...access(canReadLogs), files: ['text/csv'], rules: [END_BEFORE_START] },
      schema: {
        tags,
        security,
        summary: 'Everything else done in the tenant, with before/after of settings (format=csv for a download)',
        querystring: logQuerySchema,
        response: { 200: logListSchema, ...errorResponses(403, 404) },
      },
    },
    handler('activity'),
  );
};
