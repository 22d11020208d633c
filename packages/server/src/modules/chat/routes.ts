import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_LIMITS,
  CHAT_PATHS,
  chatChannelParamSchema,
  chatDocumentSchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatInboxSchema,
  chatMessageBodySchema,
  chatMessageSchema,
  chatSettingsSchema,
  tidQuerySchema,
} from '@netloom/domain';
import { access, actorOf, superAdminAccess } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { ChatService } from './service';

const { tags, security } = routeDocs('support');
const superAdminDocs = routeDocs('super admin');

/** Every console user of the tenant reads its chat; which channels is the domain's rule (chatChannelsFor). */
const member = access('read');
/**
 * A chat is people typing, not scripts: a person's messages a minute, counted after sign-in so
 * one noisy user never silences a colleague behind the same address.
 */
const perUser = {
  rateLimit: {
    max: CHAT_LIMITS.messagesPerMinute,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `chat|${request.principal?.user.id ?? request.ip}`,
  },
};

export interface ChatRoutesOptions {
  chat: ChatService;
}

/** Live chat (Live Chat in the side menu): the tenant's channels, their messages and read markers, and the provider's inbox. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { chat }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(CHAT_PATHS.chat),
    {
      config: member,
      schema: {
        tags,
        security,
        summary: "The tenant's chat: the channels this user may use, their latest messages and how many are unread",
        querystring: tidQuerySchema,
        response: { 200: chatDocumentSchema, ...errorResponses(403) },
      },
    },
    async (request) => chat.document(actorOf(request)),
  );

  api.get(
    p(CHAT_PATHS.messages(':channel')),
    {
      config: member,
      schema: {
        tags,
        security,
        summary: "A channel's older messages, a page before a time",
        params: chatChannelParamSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema, ...errorResponses(403) },
      },
    },
    async (request) => chat.history(actorOf(request), request.params.channel, request.query.before ? new Date(request.query.before) : undefined),
  );

  api.post(
    p(CHAT_PATHS.messages(':channel')),
    {
      config: { ...member, ...perUser },
      schema: {
        tags,
        security,
        summary: "Send a message (text only); every console of the tenant that may read the channel gets it live; the provider's support sends as 'Support'",
        params: chatChannelParamSchema,
        querystring: tidQuerySchema,
        body: chatMessageBodySchema,
        response: { 201: chatMessageSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => reply.status(201).send(await chat.post(actorOf(request), request.principal!.user, request.params.channel, request.body.body)),
  );

  api.put(
    p(CHAT_PATHS.read(':channel')),
    {
      config: member,
      schema: {
        tags,
        security,
        summary: 'Mark everything in the channel up to now as read by this user',
        params: chatChannelParamSchema,
        querystring: tidQuerySchema,
        response: { 204: z.null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await chat.markRead(actorOf(request), request.params.channel);
      return reply.status(204).send(null);
    },
  );

  api.get(
    p(CHAT_PATHS.inbox),
    {
      config: superAdminAccess,
      schema: {
        tags: superAdminDocs.tags,
        security,
        summary: "Support's inbox: every tenant's chat with the provider, the latest conversation first, with what this support person has not read",
        response: { 200: chatInboxSchema, ...errorResponses(403) },
      },
    },
    async (request) => chat.inbox(request.principal!.user.id),
  );

  api.get(
    p(CHAT_PATHS.settings),
    {
      config: superAdminAccess,
      schema: {
        tags: superAdminDocs.tags,
        security,
        summary: 'How long chat messages are kept',
        response: { 200: chatSettingsSchema, ...errorResponses(403) },
      },
    },
    async () => chat.settings(),
  );

  api.put(
    p(CHAT_PATHS.settings),
    {
      config: superAdminAccess,
      schema: {
        tags: superAdminDocs.tags,
        security,
        summary: 'Change how long chat messages are kept (days); older messages are deleted within the hour',
        body: chatSettingsSchema,
        response: { 200: chatSettingsSchema, ...errorResponses(403) },
      },
    },
    async (request) => chat.changeSettings(request.principal!, request.ip, request.body),
  );
};
