import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_PATHS, adminAnnouncementListSchema, adminAnnouncementSchema, announcementBodySchema, idParamSchema, pageQuerySchema } from '@netloom/domain';
import { superAdminAccess } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { pageWindow, paginate } from '../../http/pagination';
import { p, routeDocs } from '../../http/route-kit';
import type { AnnouncementService } from './service';

const { tags, security } = routeDocs('super admin');
const params = idParamSchema;

/** What the composition root hands this plugin. */
export interface AdminAnnouncementRoutesOptions {
  announcements: AnnouncementService;
}

/** Super admins post, change and withdraw announcements to all tenants or chosen ones. */
export const adminAnnouncementRoutes: FastifyPluginAsyncZod<AdminAnnouncementRoutesOptions> = async (app, { announcements }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(CONSOLE_PATHS.adminAnnouncements),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Every announcement, scheduled, live or ended, the latest start first',
        querystring: pageQuerySchema,
        response: { 200: adminAnnouncementListSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const { rows, total } = await announcements.list(pageWindow(request.query));
      return paginate(request, request.query, total, rows);
    },
  );

  api.post(
    p(CONSOLE_PATHS.adminAnnouncements),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Post an announcement to all tenants or chosen ones, shown from its start to its end',
        body: announcementBodySchema,
        response: { 201: adminAnnouncementSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => reply.status(201).send(await announcements.create(request.principal!, request.ip, request.body)),
  );

  api.put(
    p(CONSOLE_PATHS.adminAnnouncement(':id')),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Change an announcement: text, audience and window',
        params,
        body: announcementBodySchema,
        response: { 200: adminAnnouncementSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => announcements.update(request.principal!, request.ip, request.params.id, request.body),
  );

  api.delete(
    p(CONSOLE_PATHS.adminAnnouncement(':id')),
    {
      config: superAdminAccess,
      schema: { tags, security, summary: 'Withdraw an announcement', params, response: { 204: z.null(), ...errorResponses(403, 404) } },
    },
    async (request, reply) => {
      await announcements.remove(request.principal!, request.ip, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
