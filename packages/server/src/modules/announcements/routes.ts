import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_PATHS, announcementListSchema, announcementsReadBodySchema, tenantIdQuerySchema } from '@netloom/domain';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { AnnouncementService } from './service';

const { tags, security } = routeDocs('announcements');

/** What the composition root hands this plugin. */
export interface AnnouncementRoutesOptions {
  announcements: AnnouncementService;
}

/**
 * What a tenant's users are told. No declared tenant access: a super admin may name no tenant
 * here (then every live announcement is listed), which the access hook does not allow; the
 * service resolves the tenant as that hook does (viewers and up, another tenant 404).
 */
export const announcementRoutes: FastifyPluginAsyncZod<AnnouncementRoutesOptions> = async (app, { announcements }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(CONSOLE_PATHS.announcements),
    {
      schema: {
        tags,
        security,
        summary: "The announcements shown now to the user's tenant, newest first, which are read, and how many are not",
        querystring: tenantIdQuerySchema,
        response: { 200: announcementListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => announcements.shown(await announcements.viewerOf(request.principal!, request.query.tenant_id)),
  );

  api.post(
    p(CONSOLE_PATHS.announcementsRead),
    {
      schema: {
        tags,
        security,
        summary: 'Mark announcements read (every one shown without ids); ids not shown to the user are ignored',
        querystring: tenantIdQuerySchema,
        body: announcementsReadBodySchema,
        response: { 200: announcementListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => announcements.markRead(await announcements.viewerOf(request.principal!, request.query.tenant_id), request.body.ids),
  );
};
