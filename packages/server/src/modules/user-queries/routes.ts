import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  USER_QUERY_PATHS,
  idParamSchema,
  userQueryBodySchema,
  userQueryListQuerySchema,
  userQueryListSchema,
  userQueryReceiptSchema,
  userQuerySchema,
  userQueryUpdateSchema,
} from '@netloom/domain';
import { superAdminAccess } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { pageWindow, paginate } from '../../http/pagination';
import { addressKey } from '../../http/socket-guard';
import { p, publicRoute, routeDocs } from '../../http/route-kit';
import type { UserQueryService } from './service';

const { tags, security } = routeDocs('super admin');

/** Anyone may ask, from a page without a session: a few questions a minute from one address is plenty, and a flood fills no list. */
const perAddress = {
  rateLimit: { max: 5, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `user-query|${addressKey(request.ip)}` },
};

export interface UserQueryRoutesOptions {
  userQueries: UserQueryService;
}

/** The public question form's call, and the provider's list of questions. */
export const userQueryRoutes: FastifyPluginAsyncZod<UserQueryRoutesOptions> = async (app, { userQueries }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    p(USER_QUERY_PATHS.queries),
    {
      config: { ...publicRoute, ...perAddress },
      schema: {
        tags: ['support'],
        summary: 'Ask the provider a question (free trial, sign-up, login, crash page); no session needed',
        body: userQueryBodySchema,
        response: { 201: userQueryReceiptSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await userQueries.ask(request.body)),
  );

  api.get(
    p(USER_QUERY_PATHS.queries),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: 'Questions people sent, the newest first, by status, source and text',
        querystring: userQueryListQuerySchema,
        response: { 200: userQueryListSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const { status, source, search } = request.query;
      const { rows, total } = await userQueries.list({ status, source, search }, pageWindow(request.query));
      return paginate(request, request.query, total, rows);
    },
  );

  api.put(
    p(USER_QUERY_PATHS.query(':id')),
    {
      config: superAdminAccess,
      schema: {
        tags,
        security,
        summary: "Move a question along (its status) or change the provider's note on it",
        params: idParamSchema,
        body: userQueryUpdateSchema,
        response: { 200: userQuerySchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => userQueries.update(request.principal!, request.ip, request.params.id, request.body),
  );
};
