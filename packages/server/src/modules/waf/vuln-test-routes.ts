import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WAF_PATHS, idParamSchema, wafTestedVulnerabilitySchema, wafVulnRunDetailSchema, wafVulnRunSchema, wafVulnTestInputSchema } from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, writeErrors } from '../../http/route-kit';
import { doc, logs, manage, querystring, read } from './route-access';
import type { WafVulnTestService } from './vuln-test-service';

/** API security's vulnerability tests: start (owners and admins), list, one with its findings, cancel; and their findings in events/vulnerabilities. */
export const wafVulnTestRoutes: FastifyPluginAsyncZod<{ vulnTests: WafVulnTestService }> = async (app, { vulnTests }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WAF_PATHS.vulnTests),
    {
      config: read,
      schema: {
        ...doc('The organisation’s vulnerability tests, newest first, with their progress (requests sent of those planned) and how many findings'),
        querystring,
        response: { 200: z.array(wafVulnRunSchema), ...errorResponses(400) },
      },
    },
    async (request) => vulnTests.list(actorOf(request)),
  );
  api.post(
    p(WAF_PATHS.vulnTests),
    {
      config: manage,
      schema: {
        ...doc(
          'Start a vulnerability test of an application (owners and admins): its documented read operations probed by one of its edges, straight to its origin, at most 10 requests a second and 500 a run. Refused (409) when the application’s DNS check has not passed, it has no OpenAPI document, the edge does not serve it, or a test of it is running',
        ),
        querystring,
        body: wafVulnTestInputSchema,
        response: { 201: wafVulnRunDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await vulnTests.start(actorOf(request), request.body)),
  );
  api.get(
    p(WAF_PATHS.vulnTest(':id')),
    {
      config: read,
      schema: {
        ...doc('A vulnerability test with its findings: each with its evidence (request, status, a short excerpt of the answer) and a fix hint'),
        params: idParamSchema,
        querystring,
        response: { 200: wafVulnRunDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => vulnTests.get(actorOf(request), request.params.id),
  );
  api.post(
    p(WAF_PATHS.vulnTestCancel(':id')),
    {
      config: manage,
      schema: {
        ...doc(
          'Cancel a vulnerability test (owners and admins): one not sent yet ends now, a running one when its edge has stopped (with what it found so far)',
        ),
        params: idParamSchema,
        querystring,
        response: { 200: wafVulnRunDetailSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => vulnTests.cancel(actorOf(request), request.params.id),
  );
  api.get(
    p(WAF_PATHS.testedVulnerabilities),
    {
      config: logs,
      schema: {
        ...doc('The weaknesses found by testing: each application’s newest finished vulnerability test’s findings'),
        querystring,
        response: { 200: z.array(wafTestedVulnerabilitySchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => vulnTests.tested(actorOf(request)),
  );
};
