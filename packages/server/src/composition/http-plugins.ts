import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { errors, isSourceMap } from '../http/errors';
import { openApiOptions } from '../http/openapi';
import { redisWithLocalFallback } from '../http/rate-limit-store';
import { publicRegistrar } from '../http/authentication';
import { closeSocketsGoingAway } from '../shutdown';
import { registerCompression } from '../http/compression';
import { demoPlugin } from '../demo/plugin';

/** The component gallery's page and folder in the built console (served only with CONSOLE_GALLERY=1). */
const isGalleryPath = (p: string) => /^\/dev(\/|$)/.test(p);

/** Console files that must never be taken from a cache without asking (see the static files below). */
// The .gz copy too: a page grown past the build's 1 KB threshold is sent from index.html.gz.
const ALWAYS_REVALIDATE = /^(sw\.js|registerSW\.js|workbox-[\w-]+\.js|version\.json|index\.html)(\.gz)?$/;

/**
 * The external plugins, before the modules: security headers, compression, rate limits, the API
 * document and its page, the demo, websockets and the built console's files. The API document's page and the
 * console's files are public routes.
 */
export async function registerHttpPlugins(app: FastifyInstance, config: Config, redis: Redis | null, spa: boolean): Promise<void> {
  const registerPublic = publicRegistrar(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
      },
    },
  });
  await registerCompression(app);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithLocalFallback(redis) } : {}),
    errorResponseBuilder: (_req, ctx) => errors.throttled(Math.ceil(ctx.ttl / 1000)),
  });
  await app.register(swagger, openApiOptions());
  await registerPublic(() => app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true }));
  // DEMO: seeds an empty database, and DEMO_FLEET runs simulated devices against this server. Before
  // the websocket plugin: the fleet must leave before that plugin closes every socket on shutdown.
  if (config.demo.enabled) await app.register(demoPlugin, { config });
  // Agent batches stay small; anything larger is a broken or hostile client.
  // A device's full flow batch (FLOWS_BATCH_MAX records of up to ~900 bytes) is the largest message either socket carries.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 }, preClose: closeSocketsGoingAway });
  if (spa && config.webDist) {
    // wildcard: files are looked up per request, so a rebuilt console is served without a restart;
    // a missing file falls through to the not-found handler, which answers console paths with index.html.
    // Source maps are never served, even if a build left some in the folder (see isSourceMap), nor the
    // component gallery unless asked for.
    // preCompressed: the build writes .gz copies of its text assets, sent to browsers that accept gzip.
    // The service worker, its runtime, the version file and the page itself are revalidated on every
    // load (no-cache), so an update check always sees what is deployed.
    const root = config.webDist;
    await registerPublic(() =>
      app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: ['index.html'],
        allowedPath: (p) => !isSourceMap(p) && (config.consoleGallery || !isGalleryPath(p)),
        // /dev/gallery → /dev/gallery/, the gallery page's own index.html.
        redirect: true,
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          if (ALWAYS_REVALIDATE.test(path.basename(filePath))) reply.header('cache-control', 'no-cache');
          // Vite names every built asset by its content's hash: a changed file is a new name, so these never go stale.
          else if (path.basename(path.dirname(filePath)) === 'assets') reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      }),
    );
  }
}
