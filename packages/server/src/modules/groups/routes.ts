import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORG_PATHS,
  canManageUsers,
  canReadTeams,
  groupCreateBodySchema,
  groupListSchema,
  groupMembersBodySchema,
  groupQuerySchema,
  groupSchema,
  groupUpdateBodySchema,
  idParamSchema,
  tidQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { paginate, pageWindow } from '../../http/pagination';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { GroupService } from './service';

const { tags, security } = routeDocs('teams');
const params = idParamSchema;
const querystring = tidQuerySchema;

/** What the composition root hands this plugin. */
export interface GroupRoutesOptions {
  groups: GroupService;
}

/** Teams → Groups: members read them, owners and admins change them. */
export const groupRoutes: FastifyPluginAsyncZod<GroupRoutesOptions> = async (app, { groups }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(ORG_PATHS.groups),
    {
      config: access(canReadTeams),
      schema: {
        tags,
        security,
        summary: 'User groups of the tenant with their members',
        querystring: groupQuerySchema,
        response: { 200: groupListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { page, page_size, search } = request.query;
      const actor = actorOf(request);
      const { rows, total } = await groups.list(actor, search, pageWindow({ page, page_size }));
      return paginate(request, { page, page_size }, total, rows);
    },
  );

  api.post(
    p(ORG_PATHS.groups),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Create a user group',
        querystring,
        body: groupCreateBodySchema,
        response: { 201: groupSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await groups.create(actorOf(request), request.body)),
  );

  api.put(
    p(ORG_PATHS.group(':id')),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Rename or describe a user group',
        params,
        querystring,
        body: groupUpdateBodySchema,
        response: { 200: groupSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => groups.update(actorOf(request), request.params.id, request.body),
  );

  api.delete(
    p(ORG_PATHS.group(':id')),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Delete a user group (its users stay)',
        params,
        querystring,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await groups.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.put(
    p(ORG_PATHS.groupMembers(':id')),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Set the members of a user group',
        params,
        querystring,
        body: groupMembersBodySchema,
        response: { 200: groupSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => groups.setMembers(actorOf(request), request.params.id, request.body.user_ids),
  );
};
