import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBFILTER_PATHS,
  idParamSchema,
  reorderBodySchema,
  testUrlBodySchema,
  testUrlResultSchema,
  webFilterPolicyInputSchema,
  webFilterPolicyListSchema,
  webFilterPolicySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p } from '../../http/route-kit';
import type { WebFilterService } from './service';
import { doc, querystring, read, write } from './route-access';

/** Policies in the order they are evaluated, and the Test-a-URL tool. */
export const policyRoutes: FastifyPluginAsyncZod<{ webFilter: WebFilterService }> = async (app, { webFilter }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WEBFILTER_PATHS.policies),
    { config: read, schema: { ...doc('The policies, in the order they are evaluated'), querystring, response: { 200: webFilterPolicyListSchema } } },
    async (request) => webFilter.listPolicies(actorOf(request)),
  );
  api.post(
    p(WEBFILTER_PATHS.policies),
    {
      config: write,
      schema: {
        ...doc('Create a policy (at `order`, else last); every device it can apply on gets a new revision'),
        querystring,
        body: webFilterPolicyInputSchema,
        response: { 201: webFilterPolicySchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await webFilter.createPolicy(actorOf(request), request.body)),
  );
  api.post(
    p(WEBFILTER_PATHS.reorder),
    {
      config: write,
      schema: { ...doc('Put the policies in a new order (every id once)'), querystring, body: reorderBodySchema, response: { 200: webFilterPolicyListSchema } },
    },
    async (request) => webFilter.reorder(actorOf(request), request.body.ids),
  );
  api.post(
    p(WEBFILTER_PATHS.test),
    {
      config: read,
      schema: {
        ...doc('Test a URL: the decision a user or endpoint would get, the deciding policy and why'),
        querystring,
        body: testUrlBodySchema,
        response: { 200: testUrlResultSchema },
      },
    },
    async (request) => webFilter.test(actorOf(request), request.body),
  );
  api.put(
    p(WEBFILTER_PATHS.policy(':id')),
    {
      config: write,
      schema: {
        ...doc('Replace a policy'),
        params: idParamSchema,
        querystring,
        body: webFilterPolicyInputSchema,
        response: { 200: webFilterPolicySchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => webFilter.updatePolicy(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(WEBFILTER_PATHS.policy(':id')),
    { config: write, schema: { ...doc('Delete a policy'), params: idParamSchema, querystring, response: { 204: z.null(), ...errorResponses(403, 404) } } },
    async (request, reply) => {
      await webFilter.deletePolicy(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
