import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEM_PATHS,
  demApplicationInputSchema,
  demApplicationListSchema,
  demApplicationPatchSchema,
  demApplicationSchema,
  idParamSchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, writeErrors } from '../../http/route-kit';
import type { DemService } from './service';
import { doc, querystring, read, write } from './route-access';

/** DEM's monitored applications: what the organisation's ZTNA endpoints test, and how often. */
export const demRoutes: FastifyPluginAsyncZod<{ dem: DemService }> = async (app, { dem }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(DEM_PATHS.applications),
    { config: read, schema: { ...doc('The monitored applications'), querystring, response: { 200: demApplicationListSchema } } },
    async (request) => {
      const results = await dem.list(actorOf(request));
      return { count: results.length, next: null, previous: null, results };
    },
  );
  api.post(
    p(DEM_PATHS.applications),
    {
      config: write,
      schema: {
        ...doc('Monitor an application: a URL or one of the organisation’s ZTNA servers, the tests its endpoints run and how often'),
        querystring,
        body: demApplicationInputSchema,
        response: { 201: demApplicationSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await dem.create(actorOf(request), request.body)),
  );
  api.get(
    p(DEM_PATHS.application(':id')),
    {
      config: read,
      schema: { ...doc('One monitored application'), params: idParamSchema, querystring, response: { 200: demApplicationSchema, ...errorResponses(404) } },
    },
    async (request) => dem.get(actorOf(request), request.params.id),
  );
  api.patch(
    p(DEM_PATHS.application(':id')),
    {
      config: write,
      schema: {
        ...doc('Change a monitored application (the fields sent)'),
        params: idParamSchema,
        querystring,
        body: demApplicationPatchSchema,
        response: { 200: demApplicationSchema, ...writeErrors },
      },
    },
    async (request) => dem.update(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(DEM_PATHS.application(':id')),
    {
      config: write,
      schema: {
        ...doc('Stop monitoring an application (its endpoints stop its tests; its results stay until their retention)'),
        params: idParamSchema,
        querystring,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await dem.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
