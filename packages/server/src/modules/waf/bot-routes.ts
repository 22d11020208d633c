import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WAF_PATHS,
  apiAbuseViewSchema,
  apiKeyBlockInputSchema,
  wafBotSettingsSchema,
  wafBotSettingsViewSchema,
  wafBotSummarySchema,
  wafWindowQuerySchema,
} from '@netloom/domain';
import { actorOf } from '../../http/access';
import { errorResponses } from '../../http/openapi';
import { p, writeErrors } from '../../http/route-kit';
import type { WafBotService } from './bot-service';
import { doc, logs, manage, querystring, read } from './route-access';

/** Bot protection: the dashboard, the organisation's settings (good bots, actions per class) and API abuse protection. */
export const wafBotRoutes: FastifyPluginAsyncZod<{ bots: WafBotService }> = async (app, { bots }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    p(WAF_PATHS.bots),
    {
      // It names clients (addresses and user agents): whoever may read the organisation's logs.
      config: logs,
      schema: {
        ...doc(
          'Bot protection’s dashboard: the edges’ traffic by kind of client (human, verified bot, likely bot, automated), family and network, with the signals that marked each client',
        ),
        querystring: wafWindowQuerySchema,
        response: { 200: wafBotSummarySchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => bots.summary(actorOf(request), request.query),
  );
  api.get(
    p(WAF_PATHS.botSettings),
    {
      config: read,
      schema: {
        ...doc(
          'Bot protection’s settings: the good bots verified by their ranges or reverse DNS, the action per class, and how many addresses each class’s list holds',
        ),
        querystring,
        response: { 200: wafBotSettingsViewSchema },
      },
    },
    async (request) => bots.settings(actorOf(request)),
  );
  api.put(
    p(WAF_PATHS.botSettings),
    {
      config: manage,
      schema: {
        ...doc('Replace bot protection’s settings; the classes’ lists are made again and reach the edges with their actions'),
        querystring,
        body: wafBotSettingsSchema,
        response: { 200: wafBotSettingsViewSchema, ...errorResponses(400), ...writeErrors },
      },
    },
    async (request) => bots.saveSettings(actorOf(request), request.body),
  );
  api.get(
    p(WAF_PATHS.apiAbuse),
    {
      config: logs,
      schema: {
        ...doc('API abuse protection: each API key (by fingerprint) of the window against its own week before, riskiest first, and the keys the edges refuse'),
        querystring: wafWindowQuerySchema,
        response: { 200: apiAbuseViewSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => bots.apiAbuse(actorOf(request), request.query),
  );
  api.post(
    p(WAF_PATHS.apiAbuseBlock),
    {
      config: manage,
      schema: {
        ...doc('Refuse an API key at the organisation’s edges by its fingerprint (ModSecurity hashes the request’s key), or lift that'),
        querystring,
        body: apiKeyBlockInputSchema,
        response: { 200: apiAbuseViewSchema.shape.blocked, ...errorResponses(400, 403) },
      },
    },
    async (request) => bots.blockKey(actorOf(request), request.body),
  );
};
