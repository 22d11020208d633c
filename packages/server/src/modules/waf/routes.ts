import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WAF_PATHS,
  idParamSchema,
  wafApplicationInputSchema,
  wafApplicationSchema,
  wafEdgeSchema,
  wafPolicyAsCodeSchema,
  wafPolicyBodySchema,
  wafPolicyRevisionSchema,
  wafPolicyViewSchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, writeErrors } from '../../http/route-kit';
import type { WafService } from './service';
import { doc, querystring, read, write } from './route-access';

const revisionParams = z.object({
  id: z.string().uuid().describe('The application'),
  revision: z.string().uuid().describe('The revision to roll back to'),
});

/** Protected applications (the spec's WAAP domain onboarding), their policies with revisions and policy as code, and the edges. */
export const wafRoutes: FastifyPluginAsyncZod<{ waf: WafService }> = async (app, { waf }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    // The spec's `auth/{product}-waf-pops/` for the one product that has WAF edges.
    p(WAF_PATHS.pops('waf')),
    {
      config: read,
      schema: { ...doc('The WAF edges and POPs that may serve the organisation’s applications'), querystring, response: { 200: z.array(wafEdgeSchema) } },
    },
    async (request) => waf.edges(actorOf(request)),
  );
  api.get(
    p(WAF_PATHS.devices),
    { config: read, schema: { ...doc('The organisation’s WAF edges (WAAP devices)'), querystring, response: { 200: z.array(wafEdgeSchema) } } },
    async (request) => waf.edges(actorOf(request), 'own'),
  );
  api.get(
    p(WAF_PATHS.domains),
    { config: read, schema: { ...doc('The protected applications'), querystring, response: { 200: z.array(wafApplicationSchema) } } },
    async (request) => waf.list(actorOf(request)),
  );
  api.post(
    p(WAF_PATHS.domains),
    {
      config: write,
      schema: {
        ...doc('Onboard an application: its domains, origins, TLS and the edges that serve it (a default policy in blocking mode)'),
        querystring,
        body: wafApplicationInputSchema,
        response: { 201: wafApplicationSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await waf.create(actorOf(request), request.body)),
  );
  api.get(
    p(WAF_PATHS.availableDomains),
    {
      config: read,
      schema: {
        ...doc('The organisation’s protected domains'),
        querystring,
        response: { 200: z.array(z.object({ id: z.string().uuid(), domain: z.string(), application: z.string() })) },
      },
    },
    async (request) => waf.availableDomains(actorOf(request)),
  );
  api.get(
    p(WAF_PATHS.domain(':id')),
    {
      config: read,
      schema: { ...doc('One protected application'), params: idParamSchema, querystring, response: { 200: wafApplicationSchema, ...errorResponses(404) } },
    },
    async (request) => waf.get(actorOf(request), request.params.id),
  );
  api.put(
    p(WAF_PATHS.domain(':id')),
    {
      config: write,
      schema: {
        ...doc('Change a protected application (the certificate is kept when none is sent)'),
        params: idParamSchema,
        querystring,
        body: wafApplicationInputSchema,
        response: { 200: wafApplicationSchema, ...writeErrors },
      },
    },
    async (request) => waf.update(actorOf(request), request.params.id, request.body),
  );
  api.delete(
    p(WAF_PATHS.domain(':id')),
    {
      config: write,
      schema: {
        ...doc('Stop protecting an application (its edges stop serving it)'),
        params: idParamSchema,
        querystring,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await waf.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.post(
    p(WAF_PATHS.dnsCheck(':id')),
    {
      config: write,
      schema: {
        ...doc('Resolve the application’s domains now: whether each points at an edge that serves it'),
        params: idParamSchema,
        querystring,
        response: { 200: wafApplicationSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => waf.checkDns(actorOf(request), request.params.id),
  );
  api.get(
    p(WAF_PATHS.policy(':id')),
    {
      config: read,
      schema: {
        ...doc('The application’s WAF policy and its edges’ sync state'),
        params: idParamSchema,
        querystring,
        response: { 200: wafPolicyViewSchema, ...errorResponses(404) },
      },
    },
    async (request) => waf.policy(actorOf(request), request.params.id),
  );
  api.put(
    p(WAF_PATHS.policy(':id')),
    {
      config: write,
      schema: {
        ...doc('Save the application’s WAF policy as its next revision, pushed to its edges'),
        params: idParamSchema,
        querystring,
        body: wafPolicyBodySchema,
        response: { 200: wafPolicyViewSchema, ...writeErrors },
      },
    },
    async (request) => waf.savePolicy(actorOf(request), request.params.id, request.body.policy, request.body.message),
  );
  api.get(
    p(WAF_PATHS.policyRevisions(':id')),
    {
      config: read,
      schema: {
        ...doc('The application’s policy revisions, newest first'),
        params: idParamSchema,
        querystring,
        response: { 200: z.array(wafPolicyRevisionSchema), ...errorResponses(404) },
      },
    },
    async (request) => waf.revisions(actorOf(request), request.params.id),
  );
  api.post(
    p(WAF_PATHS.policyRollback(':id', ':revision')),
    {
      config: write,
      schema: {
        ...doc('Make an earlier revision’s policy the newest again'),
        params: revisionParams,
        querystring,
        response: { 200: wafPolicyViewSchema, ...writeErrors },
      },
    },
    async (request) => waf.rollback(actorOf(request), request.params.id, request.params.revision),
  );
  api.get(
    p(WAF_PATHS.policyAsCode(':id')),
    {
      config: read,
      schema: {
        ...doc('The application’s policy as a versioned YAML document (policy as code)'),
        params: idParamSchema,
        querystring,
        response: { 200: wafPolicyAsCodeSchema, ...errorResponses(404) },
      },
    },
    async (request) => waf.exportPolicy(actorOf(request), request.params.id),
  );
  api.put(
    p(WAF_PATHS.policyAsCode(':id')),
    {
      config: write,
      schema: {
        ...doc('Import a policy-as-code document as the application’s next revision'),
        params: idParamSchema,
        querystring,
        body: wafPolicyAsCodeSchema,
        response: { 200: wafPolicyViewSchema, ...writeErrors },
      },
    },
    async (request) => waf.importPolicy(actorOf(request), request.params.id, request.body.yaml),
  );
};
