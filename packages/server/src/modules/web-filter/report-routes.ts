import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBFILTER_PATHS,
  customListSchema,
  customUrlReportSchema,
  discoveryBlockBodySchema,
  discoveryCategoriseBodySchema,
  urlDiscoveryBodySchema,
  urlDiscoveryPageSchema,
  urlRulesSchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { p } from '../../http/route-kit';
import type { WebFilterService } from './service';
import type { WebFilterAnalytics } from './analytics-service';
import { doc, querystring, read, write } from './route-access';

/** The reports: URL rules and their hits, custom URLs, URL discovery and what it leads to. */
export const reportRoutes: FastifyPluginAsyncZod<{ webFilter: WebFilterService; analytics: WebFilterAnalytics }> = async (app, { webFilter, analytics }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
