import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { GEO_PATHS, placesQuerySchema, placesResponseSchema } from '@netloom/domain';
import { p, routeDocs } from '../../http/route-kit';
import { searchPlaces } from './gazetteer';

const { doc } = routeDocs('geo');

/** The geo-suggest input's search: needs nothing but the gazetteer shipped with the server. */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(GEO_PATHS.places),
    {
      schema: {
        ...doc('Location search for the geo-suggest input (cities of the world, offline)'),
        querystring: placesQuerySchema,
        response: { 200: placesResponseSchema },
      },
    },
    async (request) => ({ results: searchPlaces(request.query.q, request.query.limit) }),
  );
};
