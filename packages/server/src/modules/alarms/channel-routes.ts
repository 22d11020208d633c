import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANNEL_PATHS,
  channelBodySchema,
  channelListSchema,
  channelParamsSchema,
  channelSchema,
  channelSecretSchema,
  createdChannelSchema,
  deliveryListSchema,
  deliverySchema,
  tenantQuerySchema,
  tidPageQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { pageWindow, paginate } from '../../http/pagination';
import { p, routeDocs } from '../../http/route-kit';
import type { ChannelService } from './channels-service';

const { tags, security } = routeDocs('notification channels');

/** What the composition root hands this plugin. */
export interface ChannelRoutesOptions {
  channels: ChannelService;
}

/** System tools → globalNotification: owners and admins manage where alarms are sent. */
export const channelRoutes: FastifyPluginAsyncZod<ChannelRoutesOptions> = async (app, { channels }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const manage = access('manage');

  api.get(
    p(CHANNEL_PATHS.list),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: "The tenant's notification channels",
        querystring: tenantQuerySchema,
        response: { 200: channelListSchema, ...errorResponses(403) },
      },
    },
    async (request) => channels.list(actorOf(request)),
  );

  api.post(
    p(CHANNEL_PATHS.list),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Add an e-mail or webhook channel (a webhook gets its signing secret, in this answer only)',
        querystring: tenantQuerySchema,
        body: channelBodySchema,
        response: { 201: createdChannelSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await channels.create(actorOf(request), request.body)),
  );

  api.put(
    p(CHANNEL_PATHS.one(':channelId')),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Change a channel',
        params: channelParamsSchema,
        querystring: tenantQuerySchema,
        body: channelBodySchema,
        response: { 200: channelSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => channels.update(actorOf(request), request.params.channelId, request.body),
  );

  api.delete(
    p(CHANNEL_PATHS.one(':channelId')),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Remove a channel and its delivery log',
        params: channelParamsSchema,
        querystring: tenantQuerySchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await channels.remove(actorOf(request), request.params.channelId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    p(CHANNEL_PATHS.test(':channelId')),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Send test: queue a test notification on the channel',
        params: channelParamsSchema,
        querystring: tenantQuerySchema,
        response: { 202: deliverySchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => reply.status(202).send(await channels.sendTest(actorOf(request), request.params.channelId)),
  );

  api.post(
    p(CHANNEL_PATHS.rotateSecret(':channelId')),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: "Rotate a webhook's signing secret: the new one signs every call from now on and is in this answer only",
        params: channelParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: channelSecretSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => channels.rotateSecret(actorOf(request), request.params.channelId),
  );

  api.get(
    p(CHANNEL_PATHS.deliveries(':channelId')),
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: "A channel's delivery log, newest first: state, tries, the webhook's status code",
        params: channelParamsSchema,
        querystring: tidPageQuerySchema,
        response: { 200: deliveryListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await channels.deliveries(actorOf(request), request.params.channelId, pageWindow(request.query));
      return paginate(request, request.query, total, rows);
    },
  );
};
