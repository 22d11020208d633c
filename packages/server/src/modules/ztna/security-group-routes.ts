import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTNA_PATHS, securityGroupInputSchema, securityGroupMembersSchema, securityGroupRowSchema, securityGroupSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import type { OverlayService } from './overlay-service';
import { doc, querystring, read, write } from './route-access';

/** Security groups and who is in them now. */
export const securityGroupRoutes: FastifyPluginAsyncZod<{ overlay: OverlayService }> = async (app, { overlay }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(ZTNA_PATHS.securityGroups),
    {
      config: read,
      schema: {
        ...doc('The security groups, by name, each with how many endpoints are in it now (as its members list has them)'),
        querystring,
        response: { 200: z.array(securityGroupRowSchema) },
      },
    },
    async (request) => overlay.securityGroupRows(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.securityGroups),
    {
      config: write,
      schema: { ...doc('Add a security group'), querystring, body: securityGroupInputSchema, response: { 201: securityGroupSchema, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await overlay.createSecurityGroup(actorOf(request), request.body)),
  );
  api.get(
    p(ZTNA_PATHS.securityGroup(':id')),
    {
      config: read,
      schema: { ...doc('One security group'), params: idParams, querystring, response: { 200: securityGroupSchema, ...errorResponses(403, 404) } },
    },
    async (request) => overlay.getSecurityGroup(actorOf(request), request.params.id),
  );
  api.put(
    p(ZTNA_PATHS.securityGroup(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace a security group'),
        params: idParams,
        querystring,
        body: securityGroupInputSchema,
        response: { 200: securityGroupSchema, ...writeErrors },
      },
    },
    async (request) => overlay.updateSecurityGroup(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.securityGroup(':id')),
    { config: write, schema: { ...doc('Delete a security group no policy or DNS group names'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await overlay.deleteSecurityGroup(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.get(
    p(ZTNA_PATHS.securityGroupMembers(':id')),
    {
      config: read,
      schema: {
        ...doc('Who is in a security group now: its users, and each endpoint with why'),
        params: idParams,
        querystring,
        response: { 200: securityGroupMembersSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => overlay.members(actorOf(request), request.params.id),
  );
};
