import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RUM_PATHS,
  RUM_SOURCE_MAP_LIMIT,
  apiErrorSchema,
  rumSiteInputSchema,
  rumSitePatchSchema,
  rumSiteSchema,
  rumSnippetSchema,
  rumSourceMapInputSchema,
  rumSourceMapSchema,
  tenantQuerySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { RumSiteService } from './sites-service';
import type { RumSourceMapService } from './source-map-service';
import { doc, read, write } from './route-access';

const mapParams = z.object({ id: z.string().uuid().describe('The RUM site or app'), mapId: z.string().uuid().describe('The source map') });
const querystring = tenantQuerySchema;

/** RUM's sites and apps, their snippets and their source maps. */
export const rumSiteRoutes: FastifyPluginAsyncZod<{ sites: RumSiteService; maps: RumSourceMapService }> = async (app, { sites, maps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(RUM_PATHS.sites),
    { config: read, schema: { ...doc('The organisation’s RUM websites and apps'), querystring, response: { 200: z.array(rumSiteSchema) } } },
    async (request) => sites.list(actorOf(request)),
  );
  api.post(
    p(RUM_PATHS.sites),
    {
      config: write,
      schema: {
        ...doc('Register a website or single-page app: its allowed origins, sampling rate and Do Not Track; its public key is made'),
        querystring,
        body: rumSiteInputSchema,
        response: { 201: rumSiteSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await sites.create(actorOf(request), request.body)),
  );
  api.get(
    p(RUM_PATHS.site(':id')),
    { config: read, schema: { ...doc('One RUM site or app'), params: idParams, querystring, response: { 200: rumSiteSchema, ...errorResponses(404) } } },
    async (request) => sites.get(actorOf(request), request.params.id),
  );
  api.patch(
    p(RUM_PATHS.site(':id')),
    {
      config: write,
      schema: { ...doc('Change a RUM site or app'), params: idParams, querystring, body: rumSitePatchSchema, response: { 200: rumSiteSchema, ...writeErrors } },
    },
    async (request) => sites.update(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(RUM_PATHS.site(':id')),
    { config: write, schema: { ...doc('Delete a RUM site or app (its beacons are refused from then on)'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await sites.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.get(
    p(RUM_PATHS.snippet(':id')),
    {
      config: read,
      schema: {
        ...doc('The script tag that puts the RUM SDK in the site’s pages'),
        params: idParams,
        querystring,
        response: { 200: rumSnippetSchema, ...errorResponses(404) },
      },
    },
    async (request) => sites.snippet(actorOf(request), request.params.id),
  );
  api.get(
    p(RUM_PATHS.sourceMaps(':id')),
    {
      config: read,
      schema: {
        ...doc('The source maps uploaded for the site, newest first'),
        params: idParams,
        querystring,
        response: { 200: z.array(rumSourceMapSchema), ...errorResponses(404) },
      },
    },
    async (request) => maps.list(actorOf(request), request.params.id),
  );
  api.post(
    p(RUM_PATHS.sourceMaps(':id')),
    {
      config: write,
      // The map itself may be 5 MB, with the JSON around it.
      bodyLimit: RUM_SOURCE_MAP_LIMIT + 64 * 1024,
      schema: {
        ...doc('Upload a release’s source map of one minified file: errors of that release are shown at their original source lines'),
        params: idParams,
        querystring,
        body: rumSourceMapInputSchema,
        response: { 201: rumSourceMapSchema, ...writeErrors, 413: apiErrorSchema.describe('The upload is larger than 5 MB') },
      },
    },
    async (request, reply) => reply.status(201).send(await maps.upload(actorOf(request), request.params.id, request.body)),
  );
  api.delete(
    p(RUM_PATHS.sourceMap(':id', ':mapId')),
    { config: write, schema: { ...doc('Delete a source map'), params: mapParams, querystring, response: deleted } },
    async (request, reply) => {
      await maps.remove(actorOf(request), request.params.id, request.params.mapId);
      return reply.status(204).send(null);
    },
  );
};
