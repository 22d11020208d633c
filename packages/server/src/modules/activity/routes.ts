import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOG_CSV_COLUMNS, ORG_PATHS, canReadLogs, logListSchema, logQuerySchema, toCsv, type LogEntry } from '@netloom/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services';
import { actorFor } from '../../http/access';
import { errors } from '../../http/errors';
import { paginate, pageWindow } from '../../http/pagination';
import { errorResponses } from '../../http/openapi';
import { listLogs, type LogKind } from './repo';

const tags = ['logs'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;

/** A cell a spreadsheet would run as a formula is kept as text. */
const defuse = (v: unknown) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

function csv(rows: LogEntry[]): string {
  const cells = rows.map((r) => Object.fromEntries(LOG_CSV_COLUMNS.map((k) => [k, defuse(k === 'details' ? JSON.stringify(r.details) : r[k])])));
  return toCsv(cells, { titles: LOG_CSV_COLUMNS, keys: LOG_CSV_COLUMNS }) ?? '';
}

/** Login logs and activity logs of a tenant, from the audit table; JSON pages or CSV. */
export const activityRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  const handler = (kind: LogKind) => async (request: FastifyRequest<{ Querystring: typeof logQuerySchema._output }>, reply: FastifyReply) => {
    const q = request.query;
    const actor = await actorFor(db, request, q.tid, canReadLogs);
    const start = q.start_time ? new Date(q.start_time) : undefined;
    const end = q.end_time ? new Date(q.end_time) : undefined;
    if (start && end && start > end) throw errors.invalid({ end_time: ['Please enter a valid end date'] });
    const { rows, total } = await listLogs(db, { tenantId: actor.scope.tenantId, kind, start, end, search: q.search }, pageWindow(q));
    if (q.format === 'csv') {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${kind}-logs-${day}.csv"`)
        .send(csv(rows));
    }
    return paginate(request, q, total, rows);
  };

  api.get(p(ORG_PATHS.loginLogs), {
    schema: { tags, security, summary: 'Logins, failed logins and logouts (format=csv for a download)', querystring: logQuerySchema, response: { 200: logListSchema, ...errorResponses(403, 404) } },
  }, handler('login'));

  api.get(p(ORG_PATHS.activityLogs), {
    schema: { tags, security, summary: 'Everything else done in the tenant, with before/after of settings (format=csv for a download)', querystring: logQuerySchema, response: { 200: logListSchema, ...errorResponses(403, 404) } },
  }, handler('activity'));
};
