import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  WEBFILTER_PATHS,
  availableApplicationSchema,
  availableCategorySchema,
  canReadLogs,
  customListBodySchema,
  customListSchema,
  customUrlReportSchema,
  discoveryBlockBodySchema,
  discoveryCategoriseBodySchema,
  idParamSchema,
  logFilterBodySchema,
  logsManagementBodySchema,
  logsManagementSchema,
  reorderBodySchema,
  squidLogPageSchema,
  tenantIdQuerySchema,
  testUrlBodySchema,
  testUrlResultSchema,
  urlDiscoveryBodySchema,
  urlDiscoveryPageSchema,
  urlRulesSchema,
  webFilterActionBodySchema,
  webFilterActionSchema,
  webFilterGlobalSchema,
  webFilterGraphBodySchema,
  webFilterLogPageSchema,
  webFilterPolicyInputSchema,
  webFilterPolicyListSchema,
  webFilterPolicySchema,
  webFilterStatusBodySchema,
  webFilterSummarySchema,
  webFilterUserBodySchema,
  webFilterUserSchema,
} from '@netloom/domain';
import { access, actorOf, type TenantSource } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import type { WebFilterService } from './service';
import type { WebFilterAnalytics } from './analytics-service';

const tags = ['web filter'];
const security = [{ bearerAuth: [] }];
const p = (path: string) => `/${path}`;
const doc = (summary: string) => ({ tags, security, summary });

/**
 * The tenant a web-filter call names: `tenant_id` in the query (spec 001 §7), else in the body,
 * else first in the table filter payload's filters ("filters always start with tenant_id").
 */
const tenantOf: TenantSource = (request) => {
  const q = (request.query as { tenant_id?: string } | undefined)?.tenant_id;
  const body = request.body as { tenant_id?: string; filters?: { key?: string; value?: string }[] } | undefined;
  return q ?? body?.tenant_id ?? body?.filters?.find((f) => f?.key === 'tenant_id')?.value;
};
const read = access('read', tenantOf);
const write = access('write', tenantOf);
const logs = access(canReadLogs, tenantOf);

export interface WebFilterServices {
  webFilter: WebFilterService;
  webFilterAnalytics: WebFilterAnalytics;
  requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** Web filter (spec 001 §7): policies, global settings, catalogues, the Test-a-URL tool, charts, logs and reports. */
export const webFilterRoutes: FastifyPluginAsyncZod<{ services: WebFilterServices }> = async (app, { services }) => {
  const { webFilter, webFilterAnalytics: analytics } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', services.requireAuth);
  const querystring = tenantIdQuerySchema;

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

  api.get(
    p(WEBFILTER_PATHS.global),
    { config: read, schema: { ...doc('Web filter on or off, and the default action'), querystring, response: { 200: webFilterGlobalSchema } } },
    async (request) => webFilter.global(actorOf(request)),
  );
  api.post(
    p(WEBFILTER_PATHS.global),
    {
      config: write,
      schema: { ...doc('Turn the web filter on or off'), querystring, body: webFilterStatusBodySchema, response: { 200: webFilterGlobalSchema } },
    },
    async (request) => webFilter.setStatus(actorOf(request), request.body.status),
  );
  api.get(
    p(WEBFILTER_PATHS.action),
    { config: read, schema: { ...doc('The default action (when no policy decides)'), querystring, response: { 200: webFilterActionSchema } } },
    async (request) => ({ default_action_blocked: (await webFilter.global(actorOf(request))).default_action_blocked }),
  );
  api.post(
    p(WEBFILTER_PATHS.setAction),
    {
      config: write,
      schema: { ...doc('Set the default action'), querystring, body: webFilterActionBodySchema, response: { 200: webFilterActionSchema } },
    },
    async (request) => ({
      default_action_blocked: (await webFilter.setDefaultAction(actorOf(request), request.body.default_action_blocked)).default_action_blocked,
    }),
  );
  api.get(
    p(WEBFILTER_PATHS.categories),
    {
      config: read,
      schema: { ...doc('The shipped categories, with how many domains each has'), querystring, response: { 200: z.array(availableCategorySchema) } },
    },
    async () => webFilter.categories(),
  );
  api.get(
    p(WEBFILTER_PATHS.applications),
    { config: read, schema: { ...doc('The applications a policy can block'), querystring, response: { 200: z.array(availableApplicationSchema) } } },
    async () => webFilter.applications(),
  );
  api.get(
    p(WEBFILTER_PATHS.customList),
    { config: read, schema: { ...doc("The organisation's own lists and every policy's custom URLs"), querystring, response: { 200: customListSchema } } },
    async (request) => webFilter.customList(actorOf(request)),
  );
  api.put(
    p(WEBFILTER_PATHS.customListSave),
    {
      config: write,
      schema: { ...doc("Replace the organisation's allowed and blocked URLs"), querystring, body: customListBodySchema, response: { 200: customListSchema } },
    },
    async (request) => webFilter.saveCustomList(actorOf(request), request.body),
  );

  api.post(
    p(WEBFILTER_PATHS.graph),
    {
      config: read,
      schema: {
        ...doc('The web filter summary over 1h, 24h or 7d (spec 001 §3)'),
        querystring,
        body: webFilterGraphBodySchema,
        response: { 200: webFilterSummarySchema },
      },
    },
    async (request) => analytics.summary(actorOf(request), request.body.start_time, request.body.top_count),
  );
  api.post(
    p(WEBFILTER_PATHS.userGraph),
    {
      config: read,
      schema: {
        ...doc("One user's top sites, blocked attempts and categories"),
        querystring,
        body: webFilterUserBodySchema,
        response: { 200: webFilterUserSchema },
      },
    },
    async (request) => analytics.user(actorOf(request), request.body.start_time, request.body.user),
  );

  const logHandler = (kind: 'webfilter' | 'squid') => async (request: FastifyRequest<{ Body: z.output<typeof logFilterBodySchema> }>, reply: FastifyReply) => {
    const body = request.body;
    const result = await analytics.logs(actorOf(request), kind, body);
    if ('csv' in result) {
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${kind}-logs-${day}.csv"`).send(result.csv);
    }
    const hasNext = body.size > 0 && body.page * body.size < result.count;
    const page = {
      count: result.count,
      next: hasNext ? String(body.page + 1) : null,
      previous: body.page > 1 && body.size > 0 ? String(body.page - 1) : null,
      results: result.rows,
    };
    // Each route's schema serialises its own log's rows.
    return page as never;
  };
  api.post(
    p(WEBFILTER_PATHS.webfilterLogs),
    {
      config: logs,
      schema: {
        ...doc('Every web-filter decision, newest first, with the table filter payload (format=csv for a download)'),
        querystring,
        body: logFilterBodySchema,
        response: { 200: webFilterLogPageSchema },
      },
    },
    logHandler('webfilter'),
  );
  api.post(
    p(WEBFILTER_PATHS.squidLogs),
    {
      config: logs,
      schema: {
        ...doc("The gateways' proxy access log (squid format), newest first (format=csv for a download)"),
        querystring,
        body: logFilterBodySchema,
        response: { 200: squidLogPageSchema },
      },
    },
    logHandler('squid'),
  );
  api.get(
    p(WEBFILTER_PATHS.logsManagement),
    { config: logs, schema: { ...doc('How long each log is kept'), querystring, response: { 200: logsManagementSchema } } },
    async (request) => analytics.logsManagement(actorOf(request)),
  );
  api.put(
    p(WEBFILTER_PATHS.logsManagement),
    {
      config: access('manage', tenantOf),
      schema: { ...doc('Set how long logs are kept, per log type'), querystring, body: logsManagementBodySchema, response: { 200: logsManagementSchema } },
    },
    async (request) => analytics.saveLogsManagement(actorOf(request), request.body.retention),
  );

  api.get(
    p(WEBFILTER_PATHS.urlRules),
    { config: read, schema: { ...doc('What each policy blocks or allows, with its hits over 7 days'), querystring, response: { 200: urlRulesSchema } } },
    async (request) => {
      const actor = actorOf(request);
      const [policies, list, global] = await Promise.all([webFilter.listPolicies(actor), webFilter.customList(actor), webFilter.global(actor)]);
      return analytics.urlRules(actor, policies, { allowed: list.allowed_urls, blocked: list.blocked_urls, defaultBlocked: global.default_action_blocked });
    },
  );
  api.get(
    p(WEBFILTER_PATHS.customUrls),
    { config: read, schema: { ...doc('Every custom URL with its hits over 7 days'), querystring, response: { 200: customUrlReportSchema } } },
    async (request) => {
      const actor = actorOf(request);
      return analytics.customUrls(actor, (await webFilter.customList(actor)).rows);
    },
  );
  api.post(
    p(WEBFILTER_PATHS.urlDiscovery),
    {
      config: read,
      schema: {
        ...doc('Domains the category database does not know, seen in the window'),
        querystring,
        body: urlDiscoveryBodySchema,
        response: { 200: urlDiscoveryPageSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const b = request.body;
      const [categorised, lists] = await Promise.all([webFilter.siteCategories(actor), webFilter.customList(actor)]);
      const page = await analytics.discovery(actor, b, Object.keys(categorised), { allowed: lists.allowed_urls, blocked: lists.blocked_urls });
      const hasNext = b.page * b.size < page.count;
      return { count: page.count, next: hasNext ? String(b.page + 1) : null, previous: b.page > 1 ? String(b.page - 1) : null, results: page.rows };
    },
  );
  api.post(
    p(WEBFILTER_PATHS.discoveryCategorise),
    {
      config: write,
      schema: {
        ...doc("Put a discovered domain in a category (the organisation's own categorisation)"),
        querystring,
        body: discoveryCategoriseBodySchema,
        response: { 200: z.object({ domain: z.string(), category: z.string() }) },
      },
    },
    async (request) => webFilter.categoriseDomain(actorOf(request), request.body.domain, request.body.category),
  );
  api.post(
    p(WEBFILTER_PATHS.discoveryBlock),
    {
      config: write,
      schema: {
        ...doc("Block a discovered domain (it joins the organisation's blocked list)"),
        querystring,
        body: discoveryBlockBodySchema,
        response: { 200: customListSchema },
      },
    },
    async (request) => webFilter.blockDomain(actorOf(request), request.body.domain),
  );
};
