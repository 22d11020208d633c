import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORG_PATHS,
  canManageUsers,
  canReadTeams,
  detailSchema,
  idParamSchema,
  inviteBodySchema,
  roleChangeBodySchema,
  teamUserListSchema,
  teamUserQuerySchema,
  teamUserSchema,
  tidQuerySchema,
} from '@netloom/domain';
import { access, actorOf } from '../../http/access';
import { paginate, pageWindow } from '../../http/pagination';
import { errorResponses } from '../../http/openapi';
import { p, routeDocs } from '../../http/route-kit';
import type { TeamService } from './service';

const { tags, security } = routeDocs('teams');
const params = idParamSchema;
const querystring = tidQuerySchema;

/** What the composition root hands this plugin. */
export interface UserRoutesOptions {
  team: TeamService;
}

/** Teams → Users: the tenant's people, invitations and roles. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { team }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    p(ORG_PATHS.users),
    {
      config: access(canReadTeams),
      schema: {
        tags,
        security,
        summary: 'Users of the tenant with role, status, last login and devices',
        querystring: teamUserQuerySchema,
        response: { 200: teamUserListSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      const { page, page_size, tid: _tid, ...filter } = request.query;
      const { rows, total } = await team.list(actorOf(request), filter, pageWindow({ page, page_size }));
      return paginate(request, { page, page_size }, total, rows);
    },
  );

  api.post(
    p(ORG_PATHS.users),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Invite a user by e-mail with a role (sends the activation link)',
        querystring,
        body: inviteBodySchema,
        response: { 201: teamUserSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const user = await team.invite(actorOf(request), request.body);
      return reply.status(201).send(user);
    },
  );

  api.put(
    p(ORG_PATHS.user(':id')),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Change the role of a user',
        params,
        querystring,
        body: roleChangeBodySchema,
        response: { 200: teamUserSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => team.changeRole(actorOf(request), request.params.id, request.body.role),
  );

  api.delete(
    p(ORG_PATHS.user(':id')),
    {
      config: access(canManageUsers),
      schema: { tags, security, summary: 'Remove a user from the tenant', params, querystring, response: { 204: z.null(), ...errorResponses(403, 404) } },
    },
    async (request, reply) => {
      await team.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    p(ORG_PATHS.userResend(':id')),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Send the invitation (activation link) again',
        params,
        querystring,
        response: { 200: detailSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await team.resend(actorOf(request), request.params.id);
      return { detail: 'Invitation sent.' };
    },
  );

  api.post(
    p(ORG_PATHS.userActivate(':id')),
    {
      config: access(canManageUsers),
      schema: { tags, security, summary: 'Activate a deactivated user', params, querystring, response: { 200: teamUserSchema, ...errorResponses(403, 404) } },
    },
    async (request) => team.setActive(actorOf(request), request.params.id, true),
  );

  api.post(
    p(ORG_PATHS.userDeactivate(':id')),
    {
      config: access(canManageUsers),
      schema: {
        tags,
        security,
        summary: 'Deactivate a user (their sessions end at once)',
        params,
        querystring,
        response: { 200: teamUserSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => team.setActive(actorOf(request), request.params.id, false),
  );
};
