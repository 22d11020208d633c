import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  TICKET_PATHS,
  TICKET_ATTACHMENT_MAX_BYTES,
  ticketAttachmentParamsSchema,
  ticketAttachmentSchema,
  ticketCustomerUpdateSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketRaiseBodySchema,
  ticketReplyBodySchema,
  ticketSchema,
  ticketThreadSchema,
  tenantScopeQuerySchema,
} from '@netloom/domain';
import { access, actorOf, tenantFromQuery } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { paginate } from '../../http/pagination';
import { p, routeDocs, writeErrors } from '../../http/route-kit';
import type { HelpdeskTickets } from './service';
import { downloadHeaders, readUpload } from './uploads';

const { doc } = routeDocs('support');
/** Every member who reads the console raises and follows tickets, viewers included. */
const member = access('read', tenantFromQuery('tenant_id'));
const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'application/vnd.tcpdump.pcap'];

export interface TicketRoutesOptions {
  tickets: HelpdeskTickets;
}

/** The tenant's tickets in the built-in helpdesk (Raise a Ticket, Track Status). */
export const ticketRoutes: FastifyPluginAsyncZod<TicketRoutesOptions> = async (app, { tickets }) => {
  await app.register(multipart, { limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1 } });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    p(TICKET_PATHS.tickets),
    {
      config: member,
      schema: {
        ...doc("Raise a ticket; the device's model, firmware, sync state, revision and recent alarms and the browser are kept with it"),
        querystring: tenantScopeQuerySchema,
        body: ticketRaiseBodySchema,
        response: { 201: ticketSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const ticket = await tickets.raise(actorOf(request), request.principal!.user, request.body, request.headers['user-agent'] ?? null);
      return reply.status(201).send(ticket);
    },
  );

  api.get(
    p(TICKET_PATHS.tickets),
    {
      config: member,
      schema: {
        ...doc("The tenant's tickets, the newest first, by status, priority and the day raised"),
        querystring: ticketListQuerySchema,
        response: { 200: ticketListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await tickets.list(actorOf(request), request.query);
      return paginate(request, request.query, total, rows);
    },
  );

  api.get(
    p(TICKET_PATHS.ticket(':id')),
    {
      config: member,
      schema: {
        ...doc('A ticket with its public thread'),
        params: ticketIdParamsSchema,
        querystring: tenantScopeQuerySchema,
        response: { 200: ticketThreadSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => tickets.thread(actorOf(request), request.params.id),
  );

  api.put(
    p(TICKET_PATHS.ticket(':id')),
    {
      config: member,
      schema: {
        ...doc('Mark the ticket solved (409 once closed)'),
        params: ticketIdParamsSchema,
        querystring: tenantScopeQuerySchema,
        body: ticketCustomerUpdateSchema,
        response: { 200: ticketThreadSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => tickets.markSolved(actorOf(request), request.params.id),
  );

  api.post(
    p(TICKET_PATHS.messages(':id')),
    {
      config: member,
      schema: {
        ...doc('Answer in the thread; a solved ticket opens again (409 once closed: raise a new one)'),
        params: ticketIdParamsSchema,
        querystring: tenantScopeQuerySchema,
        body: ticketReplyBodySchema,
        response: { 201: ticketThreadSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await tickets.reply(actorOf(request), request.principal!.user, request.params.id, request.body)),
  );

  api.get(
    p(TICKET_PATHS.attachment(':id', ':attachmentId')),
    {
      config: { ...member, files: ATTACHMENT_TYPES },
      schema: {
        ...doc("A file of the ticket's thread, as a download"),
        params: ticketAttachmentParamsSchema,
        querystring: tenantScopeQuerySchema,
        response: { 200: z.unknown().describe('The file, as the type its name says'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const file = await tickets.attachment(actorOf(request), request.params.id, request.params.attachmentId);
      return reply.type(file.contentType).headers(downloadHeaders(file.filename)).send(Buffer.from(file.content));
    },
  );

  api.post(
    p(TICKET_PATHS.uploads),
    {
      config: member,
      schema: {
        ...doc('Upload one file (multipart/form-data, field "file"; at most 5 MB; images, PDF, text, logs, pcap) to attach to the next ticket or reply'),
        querystring: tenantScopeQuerySchema,
        response: { 201: ticketAttachmentSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await readUpload(request);
      return reply.status(201).send(await tickets.upload(request.principal!.user, filename, content));
    },
  );
};
