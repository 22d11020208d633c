import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { AppError } from './http/errors';
import { authorise } from './http/access';
import { authenticateUnlessPublic } from './http/authentication';
import type { Mailer } from './mail/mailer';
import type { BuildOptions } from './composition/options';
import type { Services } from './composition/services';
import type { MetricsListener } from './composition/metrics-listener';
import { createServer } from './composition/server';
import { registerHttpPlugins } from './composition/http-plugins';
import { buildCoreServices } from './composition/core-services';
import { buildModuleServices } from './composition/module-services';
import { startBackgroundWork } from './composition/background';
import { apiRoutes, registerDeviceGateway, registerFlowCollector, registerLiveHub, registerProbes, registerRumSdk, registerScim } from './composition/routes';
import type { CollectorStats } from './modules/traffic/index';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    mailer: Mailer;
    database: Database;
    /** /metrics on an address of its own (METRICS_LISTEN), which server.ts starts; null: on the main port. */
    metricsListener: MetricsListener | null;
    /** The NetFlow v9 / IPFIX collector (FLOW_COLLECTOR_PORT): its counters, and where it listens once ready; null when off. */
    flowCollector: { stats: CollectorStats; address: { address: string; port: number } | null } | null;
  }
}

export type { BuildOptions };

/** The composition root: every plugin and module is wired here (and in composition/), in a fixed order. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const spa = config.webDist !== null && existsSync(path.join(config.webDist, 'index.html'));
  const { app, metrics, openSockets } = createServer(config, opts, spa);

  // External plugins first.
  // Rate-limit keys carry the deployment's prefix (the bus's channels too).
  // No offline queue and a short command timeout: while Redis is away, limits are counted in this process instead of waiting.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000, keyPrefix: config.redisPrefix })
    : null;
  redis?.on('error', (err) => app.log.debug({ err }, 'rate limits: redis error'));
  await registerHttpPlugins(app, config, redis, spa);

  // Then the database and the services built on it.
  // An embedded database left locked by a server that died (kill -9) is taken once its lock is stale.
  const database =
    opts.database ??
    (await openDatabase(config.database, {
      waitMs: 40_000,
      onLost: (err) => app.log.error({ err }, 'the embedded database lock was lost: another process may be using DATA_DIR'),
    }));
  const { core, authenticate } = await buildCoreServices(app, config, database.db, redis);
  // The report service tells the worker (started with the background work below) of each report it queues.
  const wake = { reports: () => {} };
  const { services, engines } = await buildModuleServices(app, core, {
    sectionProviders: opts.sectionProviders ?? [],
    wakeReportWorker: () => wake.reports(),
    resolveHost: opts.resolveHost,
    webhookMayReach: opts.webhookMayReach,
  });
  app.decorate('services', services);
  app.decorate('mailer', services.mailer);
  app.decorate('database', database);
  app.decorateRequest('principal', null);
  app.decorateRequest('actor', null);
  // Every route is private unless it says it is public: this one hook authenticates all the others.
  app.addHook('onRequest', authenticateUnlessPublic(authenticate));
  // Routes declare the tenant role they need (config.access); this one hook checks every one of them.
  app.addHook('preHandler', authorise(services.db));

  const work = startBackgroundWork(app, services, engines, database, !opts.database);
  wake.reports = () => work.reportWorker.wake();
  // onClose hooks run last-added first: this one runs after the gateway has closed the device
  // sockets, so the states they leave are still written before the bus and the database go.
  app.addHook('onClose', async () => {
    await work.closeStores();
    redis?.disconnect();
  });

  // Then the modules; the probes first, outside the API prefix.
  const { health, metricsListener } = await registerProbes(app, services, engines, metrics, openSockets);
  app.decorate('metricsListener', metricsListener);
  await app.register(apiRoutes, { prefix: '/api/v1', services, health });
  await registerScim(app, services);
  await registerRumSdk(app, services);
  await registerDeviceGateway(app, services, engines, work);
  // Runs first on close: no sweep starts while the gateway closes its sockets.
  app.addHook('onClose', work.stop);
  registerFlowCollector(app, engines);
  await registerLiveHub(app, services);

  return app;
}

export { AppError };
