import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RUM_PATHS, rumAlertInputSchema, rumAlertListQuerySchema, rumAlertPatchSchema, rumAlertSchema, tenantQuerySchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { RumAlertService } from './alerts-service';
import { doc, read, write } from './route-access';

const querystring = tenantQuerySchema;

/** Alerts on a vital's p75, delivered through the organisation's notification channels. */
export const rumAlertRoutes: FastifyPluginAsyncZod<{ alerts: RumAlertService }> = async (app, { alerts }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(RUM_PATHS.alerts),
    {
      config: read,
      schema: { ...doc('The organisation’s RUM alerts and their states'), querystring: rumAlertListQuerySchema, response: { 200: z.array(rumAlertSchema) } },
    },
    async (request) => alerts.list(actorOf(request), request.query.site_id),
  );
  api.post(
    p(RUM_PATHS.alerts),
    {
      config: write,
      schema: {
        ...doc('Alert when a site’s vital p75 over a window goes above a threshold, and again when it is back under'),
        querystring,
        body: rumAlertInputSchema,
        response: { 201: rumAlertSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await alerts.create(actorOf(request), request.body)),
  );
  api.patch(
    p(RUM_PATHS.alert(':id')),
    {
      config: write,
      schema: {
        ...doc('Change an alert’s threshold, window or whether it is on'),
        params: idParams,
        querystring,
        body: rumAlertPatchSchema,
        response: { 200: rumAlertSchema, ...writeErrors },
      },
    },
    async (request) => alerts.update(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(RUM_PATHS.alert(':id')),
    { config: write, schema: { ...doc('Delete an alert'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await alerts.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
