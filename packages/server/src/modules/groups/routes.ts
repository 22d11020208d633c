import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORG_PATHS,
  TEAM_MESSAGES,
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
import type { Services } from '../../services';
import { actorFor, audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { paginate, pageWindow } from '../../http/pagination';
import { errorResponses } from '../../http/openapi';
import { isUniqueViolation } from '../../db/errors';
import { deleteGroup, findGroup, groupDto, insertGroup, listGroups, replaceMembers, strangers, updateGroup } from './repo';

const tags = ['teams'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;
const params = idParamSchema;
const querystring = tidQuerySchema;
const nameTaken = () => errors.invalid({ name: [TEAM_MESSAGES.groupNameTaken] });

/** Teams → Groups: user groups of a tenant (policies name them). */
export const groupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);
  const manager = (request: Parameters<typeof actorFor>[1], tid: string | undefined) => actorFor(db, request, tid, canManageUsers);

  const unique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      throw isUniqueViolation(e) ? nameTaken() : e;
    }
  };
  const assertMembers = async (actor: Actor, userIds: string[]) => {
    if ((await strangers(db, actor.scope.tenantId, userIds)).length) throw errors.invalid({ user_ids: [TEAM_MESSAGES.notMembers] });
  };
  const group = async (actor: Actor, id: string) => {
    const row = await findGroup(db, actor.scope.tenantId, id);
    if (!row) throw errors.notFound();
    return row;
  };

  api.get(p(ORG_PATHS.groups), {
    schema: { tags, security, summary: 'User groups of the tenant with their members', querystring: groupQuerySchema, response: { 200: groupListSchema, ...errorResponses(403, 404) } },
  }, async (request) => {
    const { page, page_size, tid, search } = request.query;
    const actor = await actorFor(db, request, tid, canReadTeams);
    const { rows, total } = await listGroups(db, actor.scope.tenantId, search, pageWindow({ page, page_size }));
    return paginate(request, { page, page_size }, total, rows);
  });

  api.post(p(ORG_PATHS.groups), {
    schema: { tags, security, summary: 'Create a user group', querystring, body: groupCreateBodySchema, response: { 201: groupSchema, ...errorResponses(403, 404) } },
  }, async (request, reply) => {
    const actor = await manager(request, request.query.tid);
    const userIds = [...new Set(request.body.user_ids)];
    await assertMembers(actor, userIds);
    const id = crypto.randomUUID();
    await unique(() => db.transaction(async (tx) => {
      await insertGroup(tx, { id, tenantId: actor.scope.tenantId, name: request.body.name, description: request.body.description }, userIds);
      await audit(tx, actor, 'group.created', request.body.name, { members: userIds.length });
    }));
    return reply.status(201).send(await groupDto(db, await group(actor, id)));
  });

  api.put(p(ORG_PATHS.group(':id')), {
    schema: { tags, security, summary: 'Rename or describe a user group', params, querystring, body: groupUpdateBodySchema, response: { 200: groupSchema, ...errorResponses(403, 404) } },
  }, async (request) => {
    const actor = await manager(request, request.query.tid);
    const before = await group(actor, request.params.id);
    await unique(() => db.transaction(async (tx) => {
      await updateGroup(tx, before.id, request.body);
      await audit(tx, actor, 'group.updated', before.name, { before: { name: before.name, description: before.description }, after: request.body });
    }));
    return groupDto(db, await group(actor, before.id));
  });

  api.delete(p(ORG_PATHS.group(':id')), {
    schema: { tags, security, summary: 'Delete a user group (its users stay)', params, querystring, response: { 204: z.null(), ...errorResponses(403, 404) } },
  }, async (request, reply) => {
    const actor = await manager(request, request.query.tid);
    const row = await group(actor, request.params.id);
    await db.transaction(async (tx) => {
      await deleteGroup(tx, row.id);
      await audit(tx, actor, 'group.deleted', row.name);
    });
    return reply.status(204).send(null);
  });

  api.put(p(ORG_PATHS.groupMembers(':id')), {
    schema: { tags, security, summary: 'Set the members of a user group', params, querystring, body: groupMembersBodySchema, response: { 200: groupSchema, ...errorResponses(403, 404) } },
  }, async (request) => {
    const actor = await manager(request, request.query.tid);
    const row = await group(actor, request.params.id);
    const userIds = [...new Set(request.body.user_ids)];
    await assertMembers(actor, userIds);
    const before = await groupDto(db, row);
    return db.transaction(async (tx) => {
      await replaceMembers(tx, actor.scope.tenantId, row.id, userIds);
      const after = await groupDto(tx, row);
      await audit(tx, actor, 'group.members_changed', row.name, { before: { members: before.members.map((m) => m.email) }, after: { members: after.members.map((m) => m.email) } });
      return after;
    });
  });
};
