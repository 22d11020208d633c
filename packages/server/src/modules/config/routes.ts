import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONFIG_PATHS,
  configRevisionListSchema,
  configRevisionParamsSchema,
  configRevisionQuerySchema,
  configRevisionSchema,
  configRollbackBodySchema,
  configSaveBodySchema,
  deviceConfigParamsSchema,
  deviceConfigSchema,
  tenantQuerySchema,
} from '@netloom/domain';
import type { Services } from '../../services';
import { access, actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { paginate, pageWindow } from '../../http/pagination';

const tags = ['configuration'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;

/** A device's configuration: the desired document, saving it (a revision and a push), history and rollback. */
export const configRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { deviceConfig: config } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);

  api.get(
    p(CONFIG_PATHS.document(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: "The device's desired configuration and its sync state (synced, syncing, failed, drifted)",
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.get(actorOf(request), request.params.deviceId),
  );

  api.put(
    p(CONFIG_PATHS.document(':deviceId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Save the whole document as a new revision and push it to the device (an unchanged document makes none)',
        params: deviceConfigParamsSchema,
        querystring: tenantQuerySchema,
        body: configSaveBodySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.save(actorOf(request), request.params.deviceId, request.body.document, { source: 'edit', message: request.body.message }),
  );

  api.get(
    p(CONFIG_PATHS.revisions(':deviceId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'Revisions of the device, newest first',
        params: deviceConfigParamsSchema,
        querystring: configRevisionQuerySchema,
        response: { 200: configRevisionListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await config.revisions(actorOf(request), request.params.deviceId, pageWindow(request.query));
      return paginate(request, request.query, total, rows);
    },
  );

  api.get(
    p(CONFIG_PATHS.revision(':deviceId', ':revisionId')),
    {
      config: access('read'),
      schema: {
        tags,
        security,
        summary: 'One revision with its whole document',
        params: configRevisionParamsSchema,
        querystring: tenantQuerySchema,
        response: { 200: configRevisionSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.revision(actorOf(request), request.params.deviceId, request.params.revisionId),
  );

  api.post(
    p(CONFIG_PATHS.rollback(':deviceId', ':revisionId')),
    {
      config: access('write'),
      schema: {
        tags,
        security,
        summary: 'Roll back to a revision: its document becomes a new revision and is pushed',
        params: configRevisionParamsSchema,
        querystring: tenantQuerySchema,
        body: configRollbackBodySchema,
        response: { 200: deviceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => config.rollback(actorOf(request), request.params.deviceId, request.params.revisionId, request.body.message),
  );
};
