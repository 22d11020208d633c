import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_PATHS, reportRequestSchema, reportRowSchema, reportScheduleBodySchema, reportScheduleRowSchema, tenantIdQuerySchema } from '@netloom/domain';
import { access, actorOf, type TenantSource } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { ReportService } from './service';

const { doc } = routeDocs('reports');

/** `tenant_id` in the query, as the other tenant calls; a new report may name it in its body instead. */
const tenantOf: TenantSource = (request) =>
  (request.query as { tenant_id?: string } | undefined)?.tenant_id ?? (request.body as { tenant_id?: string } | undefined)?.tenant_id;
/** Reports carry the whole fleet, logs included: owners and admins (and super admins) only. */
const manage = access('manage', tenantOf);
const idParams = z.object({ id: z.string().uuid() });
const querystring = tenantIdQuerySchema;
const deleted = { 204: z.null(), ...errorResponses(403, 404) };

/** What the composition root hands this plugin. */
export interface ReportRoutesOptions {
  reports: ReportService;
}

/** Report generation (System tools → Report generation): reports made in the background, their files, and schedules. */
export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (app, { reports }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(CONSOLE_PATHS.reports),
    {
      config: manage,
      schema: {
        ...doc("The tenant's reports, newest first, with their status and progress"),
        querystring,
        response: { 200: z.array(reportRowSchema), ...errorResponses(403) },
      },
    },
    async (request) => reports.list(actorOf(request)),
  );
  api.post(
    p(CONSOLE_PATHS.reports),
    {
      config: manage,
      schema: {
        ...doc('Queue a report: answered at once (202); it is made in the background and its progress comes over the `reports` live feed'),
        querystring,
        body: reportRequestSchema,
        response: { 202: reportRowSchema, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) => reply.status(202).send(await reports.create(actorOf(request), request.body)),
  );
  api.get(
    p(CONSOLE_PATHS.report(':id')),
    { config: manage, schema: { ...doc('One report'), params: idParams, querystring, response: { 200: reportRowSchema, ...errorResponses(403, 404) } } },
    async (request) => reports.get(actorOf(request), request.params.id),
  );
  api.delete(
    p(CONSOLE_PATHS.report(':id')),
    { config: manage, schema: { ...doc('Delete a report (one being made stops)'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await reports.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.get(
    p(CONSOLE_PATHS.reportDownload(':id')),
    {
      config: { ...manage, files: ['application/pdf', 'text/csv'] },
      schema: {
        ...doc("A finished report's file (PDF or CSV), as an attachment; 409 while it is being made"),
        params: idParams,
        querystring,
        response: { 200: z.unknown().describe('The file: application/pdf or text/csv'), ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const file = await reports.download(actorOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  api.get(
    p(CONSOLE_PATHS.reportSchedules),
    {
      config: manage,
      schema: { ...doc("The tenant's report schedules"), querystring, response: { 200: z.array(reportScheduleRowSchema), ...errorResponses(403) } },
    },
    async (request) => reports.schedules(actorOf(request)),
  );
  api.post(
    p(CONSOLE_PATHS.reportSchedules),
    {
      config: manage,
      schema: {
        ...doc('Make a report daily, weekly or monthly and mail it to the recipients'),
        querystring,
        body: reportScheduleBodySchema,
        response: { 201: reportScheduleRowSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => reply.status(201).send(await reports.createSchedule(actorOf(request), request.body)),
  );
  api.put(
    p(CONSOLE_PATHS.reportSchedule(':id')),
    {
      config: manage,
      schema: {
        ...doc('Change a schedule; its next run follows the cadence from now'),
        params: idParams,
        querystring,
        body: reportScheduleBodySchema,
        response: { 200: reportScheduleRowSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => reports.updateSchedule(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(CONSOLE_PATHS.reportSchedule(':id')),
    { config: manage, schema: { ...doc('Delete a schedule (reports it made stay)'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await reports.removeSchedule(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
