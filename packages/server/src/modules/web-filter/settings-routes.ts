import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEBFILTER_PATHS, webFilterActionBodySchema, webFilterActionSchema, webFilterGlobalSchema, webFilterStatusBodySchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { WebFilterService } from './service';
import { doc, querystring, read, settings } from './route-access';

/** The global settings: web filter on or off, and the default action. */
export const settingsRoutes: FastifyPluginAsyncZod<{ webFilter: WebFilterService }> = async (app, { webFilter }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WEBFILTER_PATHS.global),
    { config: read, schema: { ...doc('Web filter on or off, and the default action'), querystring, response: { 200: webFilterGlobalSchema } } },
    async (request) => webFilter.global(actorOf(request)),
  );
  api.post(
    p(WEBFILTER_PATHS.global),
    {
      config: settings,
      schema: {
        ...doc('Turn the web filter on or off (owners and admins)'),
        querystring,
        body: webFilterStatusBodySchema,
        response: { 200: webFilterGlobalSchema, ...errorResponses(403) },
      },
    },
    async (request) => webFilter.setStatus(actorOf(request), request.body.status),
  );
  api.get(
    p(WEBFILTER_PATHS.action),
    { config: read, schema: { ...doc('The default action (when no policy decides)'), querystring, response: { 200: webFilterActionSchema } } },
    async (request) => ({ default_action_blocked: (await webFilter.global(actorOf(request))).default_action_blocked }),
  );
  api.post(
    p(WEBFILTER_PATHS.setAction),
    {
      config: settings,
      schema: {
        ...doc('Set the default action (owners and admins)'),
        querystring,
        body: webFilterActionBodySchema,
        response: { 200: webFilterActionSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({
      default_action_blocked: (await webFilter.setDefaultAction(actorOf(request), request.body.default_action_blocked)).default_action_blocked,
    }),
  );
};
