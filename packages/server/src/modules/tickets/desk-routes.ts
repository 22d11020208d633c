import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  TICKET_PATHS,
  TICKET_ATTACHMENT_MAX_BYTES,
  deskReplyBodySchema,
  deskTicketQuerySchema,
  deskTicketUpdateSchema,
  supportEngineerGrantSchema,
  supportEngineerListSchema,
  ticketAttachmentParamsSchema,
  ticketAttachmentSchema,
  ticketIdParamsSchema,
  ticketListSchema,
  ticketThreadSchema,
} from '@netloom/domain';
import { superAdminAccess, supportDeskAccess } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { paginate } from '../../http/pagination';
import { p, routeDocs, writeErrors } from '../../http/route-kit';
import type { SupportDesk } from './desk-service';
import { downloadHeaders, readUpload } from './uploads';

const { doc } = routeDocs('support desk');
const desk = supportDeskAccess;

export interface DeskRoutesOptions {
  supportDesk: SupportDesk;
}

/** The provider's support desk: every tenant's tickets, for super admins and support engineers. */
export const deskRoutes: FastifyPluginAsyncZod<DeskRoutesOptions> = async (app, { supportDesk }) => {
  await app.register(multipart, { limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1 } });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(TICKET_PATHS.deskTickets),
    {
      config: desk,
      schema: {
        ...doc('The queue across tenants: by status, priority, tenant, assignee and SLA breach; the soonest due first by default'),
        querystring: deskTicketQuerySchema,
        response: { 200: ticketListSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const { rows, total } = await supportDesk.list(request.query, request.principal!);
      return paginate(request, request.query, total, rows);
    },
  );

  api.get(
    p(TICKET_PATHS.deskTicket(':id')),
    {
      config: desk,
      schema: {
        ...doc('A ticket with its whole thread, internal notes included'),
        params: ticketIdParamsSchema,
        response: { 200: ticketThreadSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => supportDesk.thread(request.params.id),
  );

  api.patch(
    p(TICKET_PATHS.deskTicket(':id')),
    {
      config: desk,
      schema: {
        ...doc('Change the status, priority or assignee (audited in the tenant)'),
        params: ticketIdParamsSchema,
        body: deskTicketUpdateSchema,
        response: { 200: ticketThreadSchema, ...writeErrors },
      },
    },
    async (request) => supportDesk.update(request.principal!, request.ip, request.params.id, request.body),
  );

  api.post(
    p(TICKET_PATHS.deskMessages(':id')),
    {
      config: desk,
      schema: {
        ...doc('A public reply (e-mailed to the requester) or an internal note (never shown to the tenant)'),
        params: ticketIdParamsSchema,
        body: deskReplyBodySchema,
        response: { 201: ticketThreadSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await supportDesk.reply(request.principal!, request.params.id, request.body)),
  );

  api.get(
    p(TICKET_PATHS.deskAttachment(':id', ':attachmentId')),
    {
      config: { ...desk, files: ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'application/vnd.tcpdump.pcap'] },
      schema: {
        ...doc("A file of the ticket's thread, as a download"),
        params: ticketAttachmentParamsSchema,
        response: { 200: z.unknown().describe('The file, as the type its name says'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const file = await supportDesk.attachment(request.params.id, request.params.attachmentId);
      return reply.type(file.contentType).headers(downloadHeaders(file.filename)).send(Buffer.from(file.content));
    },
  );

  api.post(
    p(TICKET_PATHS.deskUploads),
    {
      config: desk,
      schema: {
        ...doc('Upload one file (multipart/form-data, field "file"; at most 5 MB) to attach to the next reply'),
        response: { 201: ticketAttachmentSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await readUpload(request);
      return reply.status(201).send(await supportDesk.upload(request.principal!, filename, content));
    },
  );

  api.get(
    p(TICKET_PATHS.deskTenants),
    {
      config: desk,
      schema: {
        ...doc('The tenants that have tickets (the queue filter)'),
        response: { 200: z.array(z.object({ id: z.string(), name: z.string() })), ...errorResponses(403) },
      },
    },
    async () => supportDesk.tenants(),
  );

  api.get(
    p(TICKET_PATHS.engineers),
    {
      config: desk,
      schema: {
        ...doc('Who works the desk: super admins and support engineers (assignees)'),
        response: { 200: supportEngineerListSchema, ...errorResponses(403) },
      },
    },
    async () => supportDesk.engineers(),
  );

  api.put(
    p(TICKET_PATHS.engineers),
    {
      config: superAdminAccess,
      schema: {
        ...doc("Grant or revoke a user's support engineer role (super admins only)"),
        body: supportEngineerGrantSchema,
        response: { 200: supportEngineerListSchema, ...errorResponses(403) },
      },
    },
    async (request) => supportDesk.setEngineer(request.principal!, request.ip, request.body.email, request.body.is_support_engineer),
  );
};
