import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBFILTER_PATHS, availableApplicationSchema, availableCategorySchema, customListBodySchema, customListSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { WebFilterService } from './service';
import { doc, querystring, read, settings } from './route-access';

/** The catalogues: categories, applications, and the custom allowed and blocked lists. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ webFilter: WebFilterService }> = async (app, { webFilter }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WEBFILTER_PATHS.categories),
    {
      config: read,
      schema: { ...doc('The shipped categories, with how many domains each has'), querystring, response: { 200: z.array(availableCategorySchema) } },
    },
    async () => webFilter.categories(),
  );
  api.get(
    p(WEBFILTER_PATHS.applications),
    { config: read, schema: { ...doc('The applications a policy can block'), querystring, response: { 200: z.array(availableApplicationSchema) } } },
    async () => webFilter.applications(),
  );
  api.get(
    p(WEBFILTER_PATHS.customList),
    { config: read, schema: { ...doc("The organisation's own lists and every policy's custom URLs"), querystring, response: { 200: customListSchema } } },
    async (request) => webFilter.customList(actorOf(request)),
  );
  api.put(
    p(WEBFILTER_PATHS.customListSave),
    {
      config: settings,
      schema: {
        ...doc("Replace the organisation's allowed and blocked URLs (owners and admins)"),
        querystring,
        body: customListBodySchema,
        response: { 200: customListSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => webFilter.saveCustomList(actorOf(request), request.body),
  );
};
