import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_PATHS, canReadConsole, tourCompleteBodySchema, tourStateSchema } from '@netloom/domain';
import { errorResponses } from '../../http/openapi';
import { errors } from '../../http/errors';
import { p, routeDocs } from '../../http/route-kit';
import type { TourService } from './service';

const { tags, security } = routeDocs('profile');
// Any text: a tour the product does not have answers 404, as an unknown object does.
const params = z.object({ tour: z.string().min(1).max(64) });

/** What the composition root hands this plugin. */
export interface TourRoutesOptions {
  tours: TourService;
}

/** The signed-in user's guided-tour state: super admins and members who see the console (a guest-user only has the client download page, so no tours). */
export const tourRoutes: FastifyPluginAsyncZod<TourRoutesOptions> = async (app, { tours }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', async (request) => {
    const { user, memberships } = request.principal!;
    if (!user.isSuperAdmin && !memberships.some((m) => canReadConsole({ isSuperAdmin: false, role: m.role }))) throw errors.forbidden();
  });

  api.get(
    p(CONSOLE_PATHS.tours),
    {
      schema: {
        tags,
        security,
        summary: 'The guided tours (and their versions) the current user has finished',
        response: { 200: tourStateSchema, ...errorResponses(403) },
      },
    },
    async (request) => tours.state(request.principal!.user.id),
  );

  api.put(
    `/${CONSOLE_PATHS.tour(':tour')}`,
    {
      schema: {
        tags,
        security,
        summary: 'Mark a guided tour finished for the current user (its version never goes down)',
        params,
        body: tourCompleteBodySchema,
        response: { 200: tourStateSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => tours.complete(request.principal!.user.id, request.params.tour, request.body.version),
  );
};
