import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZTNA_SESSION_FILTER_KEYS,
  ZTNA_PATHS,
  clientReleaseRowSchema,
  idParamSchema,
  logFilterBodySchema,
  nacDecisionBodySchema,
  nacDecisionResultSchema,
  nacHostPageSchema,
  nacHostQuerySchema,
  rolloutInputSchema,
  rolloutPercentageBodySchema,
  rolloutProgressRowSchema,
  rolloutRowSchema,
  tenantIdQuerySchema,
  ztnaSessionPageSchema,
} from '@netloom/domain';
import { access, actorOf, browsingDataAccess, type TenantSource } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { END_BEFORE_START, type ZtnaSessionLogs } from './session-logs';
import type { NacService } from './nac';
import { clientReleases, type ClientUpdateService } from './client-updates';
import { p, routeDocs } from '../../http/route-kit';

const { doc } = routeDocs('zero trust');

/** `tenant_id` in the query, else first in the table filter payload's filters (spec 001 §3: "filters always start with tenant_id"). */
const tenantOf: TenantSource = (request) => {
  const q = (request.query as { tenant_id?: string } | undefined)?.tenant_id;
  const body = request.body as { filters?: { key?: string; value?: string }[] } | undefined;
  return q ?? body?.filters?.find((f) => f?.key === 'tenant_id')?.value;
};
const read = access('read', tenantOf);
const manage = access('manage', tenantOf);
/** Who reached which application when: personal browsing data. */
const browsing = browsingDataAccess(tenantOf);

/** What the composition root hands the zero-trust activity routes. */
export interface ZtnaActivityRoutesOptions {
  ztnaSessionLogs: ZtnaSessionLogs;
  nac: NacService;
  clientUpdates: ClientUpdateService;
}

/** What the zero-trust devices report and the calls built on it: session logs, NAC, client updates. */
export const ztnaActivityRoutes: FastifyPluginAsyncZod<ZtnaActivityRoutesOptions> = async (app, { ztnaSessionLogs: sessionLogs, nac, clientUpdates }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const querystring = tenantIdQuerySchema;

  api.post(
    p(ZTNA_PATHS.sessionLogs),
    {
      // The filter keys of session logs (session-logs.ts); the body's schema is shared with the other log tables.
      config: { ...browsing, files: ['text/csv'], rules: [`Filter on one of: ${ZTNA_SESSION_FILTER_KEYS.join(', ')}`, END_BEFORE_START] },
      schema: {
        ...doc('Every zero-trust connection attempt, newest first, with the table filter payload (format=csv for a download)'),
        querystring,
        body: logFilterBodySchema,
        response: { 200: ztnaSessionPageSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await sessionLogs.logs(actorOf(request), body);
      if ('csv' in result) {
        const day = new Date().toISOString().slice(0, 10);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="ztna-session-logs-${day}.csv"`)
            // The CSV answers text/csv, outside the page schema.
            .send(result.csv as never)
        );
      }
      const hasNext = body.size > 0 && body.page * body.size < result.count;
      return {
        count: result.count,
        next: hasNext ? String(body.page + 1) : null,
        previous: body.page > 1 && body.size > 0 ? String(body.page - 1) : null,
        results: result.rows,
      };
    },
  );

  api.get(
    p(ZTNA_PATHS.nacHosts),
    {
      config: read,
      schema: {
        ...doc('Hosts the gateways saw on the networks, last seen first, with the decision about each'),
        querystring: nacHostQuerySchema,
        response: { 200: nacHostPageSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => nac.list(actorOf(request), request.query),
  );
  api.post(
    p(ZTNA_PATHS.nacDecide),
    {
      config: manage,
      schema: {
        ...doc("Allow, block or quarantine hosts; every gateway's configuration lists the hosts blocked or quarantined"),
        querystring,
        body: nacDecisionBodySchema,
        response: { 200: nacDecisionResultSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => nac.decide(actorOf(request), request.body),
  );

  api.get(
    p(ZTNA_PATHS.clientReleases),
    {
      config: read,
      schema: { ...doc('The client releases per system, newest first, the latest flagged'), querystring, response: { 200: z.array(clientReleaseRowSchema) } },
    },
    async () => clientReleases(),
  );
  api.get(
    p(ZTNA_PATHS.rollouts),
    {
      config: read,
      schema: {
        ...doc('Staged client updates, newest first, with the endpoints targeted, in the stage and updated'),
        querystring,
        response: { 200: z.array(rolloutRowSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => clientUpdates.list(actorOf(request)),
  );
  api.post(
    p(ZTNA_PATHS.rollouts),
    {
      config: manage,
      schema: {
        ...doc(
          "Stage a client version for a system's endpoints (of a security group, or all), a percentage first; 409 while one of that system and version is open",
        ),
        querystring,
        body: rolloutInputSchema,
        response: { 201: rolloutRowSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await clientUpdates.create(actorOf(request), request.body)),
  );
  api.put(
    p(ZTNA_PATHS.rollout(':id')),
    {
      config: manage,
      schema: {
        ...doc('Change the stage of a rollout (raising it only adds endpoints)'),
        params: idParamSchema,
        querystring,
        body: rolloutPercentageBodySchema,
        response: { 200: rolloutRowSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => clientUpdates.setPercentage(actorOf(request), request.params.id, request.body.percentage),
  );
  api.delete(
    p(ZTNA_PATHS.rollout(':id')),
    {
      config: manage,
      schema: { ...doc('Withdraw a rollout'), params: idParamSchema, querystring, response: { 204: z.null(), ...errorResponses(403, 404) } },
    },
    async (request, reply) => {
      await clientUpdates.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.get(
    p(ZTNA_PATHS.rolloutProgress(':id')),
    {
      config: read,
      schema: {
        ...doc("Each targeted endpoint's state in a rollout, from the client version it reports"),
        params: idParamSchema,
        querystring,
        response: { 200: z.array(rolloutProgressRowSchema), ...errorResponses(403, 404) },
      },
    },
    async (request) => clientUpdates.progress(actorOf(request), request.params.id),
  );
};
