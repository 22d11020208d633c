import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NDR_PATHS,
  ndrActionInputSchema,
  ndrActionListQuerySchema,
  ndrActionListSchema,
  ndrActionSchema,
  ndrDetectionDetailSchema,
  ndrDetectionListQuerySchema,
  ndrDetectionListSchema,
  ndrDetectionPatchSchema,
  ndrDetectionRowSchema,
  ndrHostTimelineQuerySchema,
  ndrHostTimelineSchema,
  ndrHostsQuerySchema,
  ndrHostsSchema,
  ndrIdParamsSchema,
  ndrOverviewQuerySchema,
  ndrOverviewSchema,
  ndrRuleParamsSchema,
  ndrRulePatchSchema,
  ndrRuleRowSchema,
  ndrRulesSchema,
  ndrTenantQuerySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, writeErrors } from '../../http/route-kit';
import type { NdrService } from './service';
import type { NdrInvestigation } from './investigation';
import type { NdrTuning } from './tuning';
import type { NdrResponses } from './responses';
import { doc, read, write } from './route-access';

export interface NdrRouteOptions {
  detections: NdrService;
  investigation: NdrInvestigation;
  tuning: NdrTuning;
  responses: NdrResponses;
}

/** NDR: detections over the tenant's traffic, hosts at risk, triage, rule tuning and response actions. */
export const ndrRoutes: FastifyPluginAsyncZod<NdrRouteOptions> = async (app, { detections, investigation, tuning, responses }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(NDR_PATHS.overview),
    {
      config: read,
      schema: {
        ...doc('Detections by severity, status and ATT&CK tactic over a window, hosts at risk and the engine’s lag'),
        querystring: ndrOverviewQuerySchema,
        response: { 200: ndrOverviewSchema },
      },
    },
    async (request) => detections.overview(actorOf(request), request.query),
  );
  api.get(
    p(NDR_PATHS.detections),
    {
      config: read,
      schema: { ...doc('Detections seen in a window, the latest first'), querystring: ndrDetectionListQuerySchema, response: { 200: ndrDetectionListSchema } },
    },
    async (request) => detections.list(actorOf(request), request.query),
  );
  api.get(
    p(NDR_PATHS.detection(':id')),
    {
      config: read,
      schema: {
        ...doc('One detection with the store’s records of its host around it, its rule’s explanation and the actions taken'),
        params: ndrIdParamsSchema,
        querystring: ndrTenantQuerySchema,
        response: { 200: ndrDetectionDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => investigation.detection(actorOf(request), request.params.id),
  );
  api.patch(
    p(NDR_PATHS.detection(':id')),
    {
      config: write,
      schema: {
        ...doc('Triage a detection: acknowledge, resolve, mark a false positive (the rule stays silent for the host), reopen, assign'),
        params: ndrIdParamsSchema,
        querystring: ndrTenantQuerySchema,
        body: ndrDetectionPatchSchema,
        response: { 200: ndrDetectionRowSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => tuning.triage(actorOf(request), request.params.id, request.body),
  );
  api.get(
    p(NDR_PATHS.hosts),
    {
      config: read,
      schema: { ...doc('Hosts at risk, by a score that decays as their detections age'), querystring: ndrHostsQuerySchema, response: { 200: ndrHostsSchema } },
    },
    async (request) => investigation.hosts(actorOf(request), request.query.limit),
  );
  api.get(
    p(NDR_PATHS.hostTimeline),
    {
      config: read,
      schema: {
        ...doc('One host’s flows, DNS queries, IDS alerts and detections in a window, and the users behind it'),
        querystring: ndrHostTimelineQuerySchema,
        response: { 200: ndrHostTimelineSchema, ...errorResponses(404) },
      },
    },
    async (request) => investigation.timeline(actorOf(request), request.query),
  );
  api.get(
    p(NDR_PATHS.rules),
    {
      config: read,
      schema: {
        ...doc('The detection rules: what each looks for, its ATT&CK mapping and the organisation’s tuning'),
        querystring: ndrTenantQuerySchema,
        response: { 200: ndrRulesSchema },
      },
    },
    async (request) => tuning.rules(actorOf(request)),
  );
  api.patch(
    p(NDR_PATHS.rule(':rule_id')),
    {
      config: write,
      schema: {
        ...doc('Turn a rule on or off, or change its parameters or suppressions for the organisation'),
        params: ndrRuleParamsSchema,
        querystring: ndrTenantQuerySchema,
        body: ndrRulePatchSchema,
        response: { 200: ndrRuleRowSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => tuning.updateRule(actorOf(request), request.params.rule_id, request.body),
  );
  api.get(
    p(NDR_PATHS.actions),
    {
      config: read,
      schema: { ...doc('Response actions taken, the latest first'), querystring: ndrActionListQuerySchema, response: { 200: ndrActionListSchema } },
    },
    async (request) => responses.list(actorOf(request), request.query),
  );
  api.post(
    p(NDR_PATHS.actions),
    {
      config: write,
      schema: {
        ...doc('Quarantine a host (NAC, or firewall rules on its gateway) or block a destination, pushed as configuration'),
        querystring: ndrTenantQuerySchema,
        body: ndrActionInputSchema,
        response: { 201: ndrActionSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await responses.take(actorOf(request), request.body)),
  );
  api.post(
    p(NDR_PATHS.actionUndo(':id')),
    {
      config: write,
      schema: {
        ...doc('Undo a response action: what it added to the configuration is taken out again'),
        params: ndrIdParamsSchema,
        querystring: ndrTenantQuerySchema,
        response: { 200: ndrActionSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => responses.undo(actorOf(request), request.params.id),
  );
};
