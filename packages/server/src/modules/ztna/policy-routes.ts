import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZTNA_PATHS,
  accessTestBodySchema,
  accessTestResultSchema,
  reachBodySchema,
  reachRowSchema,
  ztnaPolicyInputSchema,
  ztnaPolicySchema,
  ztnaReorderBodySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import type { PolicyService } from './policy-service';
import { deleted, idParams, p, writeErrors } from '../../http/route-kit';
import { doc, querystring, read, write } from './route-access';

/** Access policies in order (first match decides, default deny) and the "who can reach what" tool. */
export const policyRoutes: FastifyPluginAsyncZod<{ policies: PolicyService }> = async (app, { policies }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const toolErrors = { ...errorResponses(403), 422: writeErrors[422] };

  api.get(
    p(ZTNA_PATHS.policies),
    { config: read, schema: { ...doc('The access policies, in the order they are evaluated'), querystring, response: { 200: z.array(ztnaPolicySchema) } } },
    async (request) => policies.list(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.policies),
    {
      config: write,
      schema: {
        ...doc('Create an access policy (at `order`, else last); the endpoints it can apply to get a new revision'),
        querystring,
        body: ztnaPolicyInputSchema,
        response: { 201: ztnaPolicySchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await policies.create(actorOf(request), request.body)),
  );
  api.post(
    p(ZTNA_PATHS.reorder),
    {
      config: write,
      schema: {
        ...doc('Put the access policies in a new order (every id once)'),
        querystring,
        body: ztnaReorderBodySchema,
        response: { 200: z.array(ztnaPolicySchema), ...errorResponses(403, 409) },
      },
    },
    async (request) => policies.reorder(actorOf(request), request.body.ids),
  );
  api.post(
    p(ZTNA_PATHS.test),
    {
      config: read,
      schema: {
        ...doc('Who can reach what: the decision a user or endpoint gets for a server, the deciding policy and the failed posture condition'),
        querystring,
        body: accessTestBodySchema,
        response: { 200: accessTestResultSchema, ...toolErrors },
      },
    },
    async (request) => policies.test(actorOf(request), request.body),
  );
  api.post(
    p(ZTNA_PATHS.reach),
    {
      config: read,
      schema: {
        ...doc("Every endpoint's decision for one server now"),
        querystring,
        body: reachBodySchema,
        response: { 200: z.array(reachRowSchema), ...toolErrors },
      },
    },
    async (request) => policies.reach(actorOf(request), request.body),
  );
  api.get(
    p(ZTNA_PATHS.policy(':id')),
    { config: read, schema: { ...doc('One access policy'), params: idParams, querystring, response: { 200: ztnaPolicySchema, ...errorResponses(403, 404) } } },
    async (request) => policies.get(actorOf(request), request.params.id),
  );
  api.put(
    p(ZTNA_PATHS.policy(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace an access policy'),
        params: idParams,
        querystring,
        body: ztnaPolicyInputSchema,
        response: { 200: ztnaPolicySchema, ...writeErrors },
      },
    },
    async (request) => policies.update(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(ZTNA_PATHS.policy(':id')),
    { config: write, schema: { ...doc('Delete an access policy'), params: idParams, querystring, response: deleted } },
    async (request, reply) => {
      await policies.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
