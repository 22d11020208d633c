import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, RUM_BODY_LIMIT, RUM_PATHS, RUM_SDK_PATH, apiErrorSchema, rumBeaconSchema } from '@netloom/domain';
import { AppError, errors } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { p, publicRoute } from '../../http/route-kit';
import { addressKey } from '../../http/socket-guard';
import type { IngestSite, RumIngest } from './ingest';
import { PUBLIC_KEY_PATTERN } from './sites-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The RUM site a beacon's key names, once its origin is allowed (the ingest's onRequest hook). */
    rumSite?: IngestSite;
  }
}

const tags = ['rum'];
const keyParams = z.object({ public_key: z.string().max(100).describe('The site’s public key, from its snippet') });
/** A body that is not JSON: kept as a value no beacon matches, so it is refused and counted like any other bad beacon. */
const NOT_JSON = Object.freeze({ not_json: true });

export interface RumIngestRoutesOptions {
  ingest: RumIngest;
  perKeyPerMinute: number;
  perClientPerMinute: number;
}

const forbiddenOrigin = () => new AppError(403, ERROR_CODES.permissionDenied, 'This origin may not send beacons for this site.');
const unknownKey = () => errors.notFound('No RUM site has this key.');

/**
 * The public beacon endpoint. Before the body is read: rate limits (per site key, per client address),
 * the key (404) and the page's Origin among the site's (403). Then the body: at most 64 kB (413),
 * JSON sent as text/plain by sendBeacon or as application/json by fetch, parsed against the beacon
 * schema; a bad one is counted and dropped (400). An accepted beacon is answered 204 once stored.
 */
export const rumIngestRoutes: FastifyPluginAsyncZod<RumIngestRoutesOptions> = async (app, { ingest, perKeyPerMinute, perClientPerMinute }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // This plugin's own parsers: both types are read as text and parsed here, so a body that is not JSON is a bad beacon, counted.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: RUM_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, NOT_JSON);
    }
  });
  const perKey = app.createRateLimit({
    max: perKeyPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `rum-key|${(request.params as { public_key?: string }).public_key ?? ''}`,
  });
  const perClient = app.createRateLimit({ max: perClientPerMinute, timeWindow: 60_000, keyGenerator: (request) => `rum-client|${addressKey(request.ip)}` });

  async function limited(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    for (const limit of [perKey, perClient]) {
      const r = await limit(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('retry-after', String(r.ttlInSeconds));
        throw errors.throttled(r.ttlInSeconds);
      }
    }
  }

  /** The site of the key, if the request's Origin is one of its own; sets the CORS answer for it. */
  async function siteAllowing(request: FastifyRequest, reply: FastifyReply): Promise<IngestSite> {
    const key = (request.params as { public_key?: string }).public_key ?? '';
    const site = PUBLIC_KEY_PATTERN.test(key) ? await ingest.site(key) : null;
    if (!site) throw unknownKey();
    const origin = request.headers.origin?.toLowerCase();
    reply.header('vary', 'Origin');
    if (!origin || !site.origins.has(origin)) {
      ingest.countRefused();
      throw forbiddenOrigin();
    }
    reply.header('access-control-allow-origin', request.headers.origin);
    return site;
  }

  api.options(
    p(RUM_PATHS.ingest(':public_key')),
    {
      config: publicRoute,
      schema: { tags, summary: 'CORS preflight of the beacon endpoint: answered for the site’s own origins only', params: keyParams, hide: true },
      onRequest: limited,
    },
    async (request, reply) => {
      await siteAllowing(request, reply);
      return reply
        .status(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .send(null);
    },
  );

  api.post(
    p(RUM_PATHS.ingest(':public_key')),
    {
      config: publicRoute,
      bodyLimit: RUM_BODY_LIMIT,
      attachValidation: true,
      schema: {
        tags,
        summary: 'A page’s beacon: page views, Core Web Vitals, errors and route changes (from the RUM SDK; no session, the Origin must be the site’s)',
        params: keyParams,
        body: rumBeaconSchema,
        response: {
          204: z.null().describe('Stored'),
          ...errorResponses(400, 403, 404, 429),
          413: apiErrorSchema.describe('The beacon is larger than 64 kB'),
          503: apiErrorSchema.describe('Too many beacons are waiting to be written: the next one carries on'),
        },
      },
      onRequest: [
        limited,
        async (request, reply) => {
          request.rumSite = await siteAllowing(request, reply);
        },
      ],
    },
    async (request, reply) => {
      const site = request.rumSite!;
      if (request.validationError) {
        ingest.countBad();
        const fields: Record<string, string[]> = Object.create(null);
        for (const issue of (request.validationError.validation ?? []) as { instancePath?: string; message?: string }[]) {
          const key = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || 'non_field_errors';
          (fields[key] ??= []).push(issue.message ?? 'Invalid value');
        }
        throw errors.invalid(fields, 'Not a valid beacon.');
      }
      // Sampling is the SDK's; a site set to 0 takes nothing, whatever an old snippet still sends.
      if (site.sampleRate <= 0) {
        ingest.countUnsampled();
        return reply.status(204).send(null);
      }
      if (!ingest.hasRoom()) throw errors.unavailable();
      await ingest.accept(site, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return reply.status(204).send(null);
    },
  );
};

/** The SDK bundle, served to any page (CORS `*`, cross-origin resource policy open), cached a day. */
export const rumSdkRoutes: FastifyPluginAsyncZod<{ sdkFile: string }> = async (app, { sdkFile }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    RUM_SDK_PATH,
    {
      config: publicRoute,
      schema: { tags, summary: 'The RUM browser SDK (the snippet loads it)', hide: true },
    },
    async (_request, reply) => {
      const size = await stat(sdkFile).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw new AppError(503, 'rum_sdk_missing', 'The RUM SDK is not built: run npm run build');
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-length', String(size))
        .send(createReadStream(sdkFile));
    },
  );
};
