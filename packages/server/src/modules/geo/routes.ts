import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { GEO_PATHS, placesQuerySchema, placesResponseSchema } from '@netloom/domain';
import type { Services } from '../../services';
import { searchPlaces } from './gazetteer';

export const geoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const authed = app.withTypeProvider<ZodTypeProvider>();
  authed.addHook('onRequest', services.requireAuth);
  authed.get(
    `/${GEO_PATHS.places}`,
    {
      schema: {
        tags: ['geo'],
        summary: 'Location search for the geo-suggest input (cities of the world, offline)',
        security: [{ bearerAuth: [] }],
        querystring: placesQuerySchema,
        response: { 200: placesResponseSchema },
      },
    },
    async (request) => ({ results: searchPlaces(request.query.q, request.query.limit) }),
  );
};
