import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { AppError, errors, isSourceMap, registerErrorHandling } from './http/errors';
import { authorise, refuseUnlessSuperAdmin } from './http/access';
import { authenticate, type Principal } from './http/principal';
import { validatorCompiler } from './http/validators';
import { openApiOptions } from './http/openapi';
import { errorLogSerializer } from './http/error-log';
import { echoRequestId, logRequests, requestIdOf } from './http/request-log';
import { AppMetrics, countSockets } from './http/metrics';
import { closeSocketsGoingAway } from './shutdown';
import { PrincipalCache, type SessionEvents } from './http/principal-cache';
import { topics } from './bus/topics';
import { createMailer, type Mailer } from './mail/mailer';
import { AccountService } from './modules/auth/account';
import { createGoogleVerifier } from './modules/auth/google';
import { SocialSignupService } from './modules/auth/social-signup';
import { createLoginLimiters } from './modules/auth/login-limiter';
import { LoginService } from './modules/auth/login';
import { authRoutes } from './modules/auth/routes';
import { SessionService } from './modules/auth/sessions';
import { TwoFactorService } from './modules/auth/two-factor';
import { deleteExpiredTokens } from './modules/auth/token-retention';
import { TokenService, loadSigningKey } from './modules/auth/tokens';
import { tenantRoutes } from './modules/tenants/routes';
import { geoRoutes } from './modules/geo/routes';
import { deviceRoutes } from './modules/devices/routes';
import { tenantDataRoutes } from './modules/devices/tenant-routes';
import { networkRoutes } from './modules/networks/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { tenantSettingsRoutes } from './modules/tenant-settings/routes';
import { userRoutes } from './modules/users/routes';
import { groupRoutes } from './modules/groups/routes';
import { profileRoutes } from './modules/profile/routes';
import { activityRoutes } from './modules/activity/routes';
import { backendCheckRoutes, probeRoutes } from './modules/health/routes';
import { databaseReadiness } from './db/readiness';
import { agentGateway } from './agent/gateway';
import { keepMetricsFor } from './agent/metrics-retention';
import { sweepSilentDevicesOffline } from './agent/offline-sweep';
import { DeviceStateWriter } from './agent/state-writer';
import { toDeviceRow, type DeviceRecord } from './fleet/device-row';
import { liveHub } from './live/hub';
import type { CoreServices, Services } from './services';
import { ConfigService } from './modules/config/service';
import { TemplateService } from './modules/config/templates-service';
import { templateRoutes } from './modules/config/template-routes';
import { DeviceStatusService } from './modules/device-status/service';
import { deviceStatusRoutes } from './modules/device-status/routes';
import { AlarmEngine } from './modules/alarms/engine';
import { IGNORE_DEVICES } from './agent/context';
import { AlarmService, notificationOf } from './modules/alarms/service';
import { alarmRoutes } from './modules/alarms/routes';
import { keepAlarmsFor } from './modules/alarms/retention';
import { ChannelService } from './modules/alarms/channels-service';
import { channelRoutes } from './modules/alarms/channel-routes';
import { DeliveryWorker } from './modules/alarms/delivery-worker';
import { metricsRoute } from './modules/health/metrics-route';
import { queueDepths } from './modules/health/queue-repo';
import { AGENT_PATH, LIVE_PATH } from '@netloom/domain';
import {
  DEFAULT_INGEST,
  FlowIngest,
  ingestMetrics,
  PgAnalyticsStore,
  TrafficService,
  flowSourceOf,
  keepAnalyticsFor,
  openCountryLookup,
  trafficRoutes,
  UrlAnalytics,
  URL_DIMENSIONS,
} from './modules/traffic/index';
import { configRoutes } from './modules/config/routes';
import { WebFilterAnalytics, WebFilterReconciler, WebFilterService, webFilterRoutes } from './modules/web-filter/index';
import { ClientUpdateService, NacService, ZtnaChanges, ZtnaReports, ZtnaSessionLogs, ztnaActivityRoutes } from './modules/ztna-activity/index';
import {
  EndpointProfileService,
  OnboardingService,
  ClientEnrolmentService,
  OverlayService,
  PolicyService,
  ResourceService,
  ZtnaReconciler,
  ZtnaRecommit,
  loadTenantZtna,
  useCountryLookup,
  ztnaRoutes,
} from './modules/ztna/index';
import { sweepPeriodically } from './db/periodic-sweep';
import { DeviceService } from './modules/devices/service';
import { TenantDataService } from './modules/devices/tenant-data';
import { NetworkService } from './modules/networks/service';
import { OrganisationService } from './modules/organisations/service';
import { TeamService } from './modules/users/service';
import { GroupService } from './modules/groups/service';
import { TenantSettingsService } from './modules/tenant-settings/service';
import { ProfileService } from './modules/profile/service';
import { ActivityService } from './modules/activity/service';
import { SearchService } from './modules/search/service';
import { searchRoutes } from './modules/search/routes';
import { TourService } from './modules/tours/service';
import { tourRoutes } from './modules/tours/routes';
import { AnnouncementService } from './modules/announcements/service';
import { announcementRoutes } from './modules/announcements/routes';
import { adminAnnouncementRoutes } from './modules/announcements/admin-routes';
import { ReportService } from './modules/reports/service';
import { reportRoutes } from './modules/reports/routes';
import { ReportWorker } from './modules/reports/worker';
import { ScheduleClock } from './modules/reports/scheduler';
import { sweepExpiredReports } from './modules/reports/repo';
import { reportSources } from './report-sources';
import helmet from '@fastify/helmet';
import { createMemoryBus } from './bus/memory';
import { createRedisBus } from './bus/redis';
import { demoPlugin } from './demo/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    mailer: Mailer;
    database: Database;
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

/** Console files that must never be taken from a cache without asking (see the static files below). */
const ALWAYS_REVALIDATE = /^(sw\.js|registerSW\.js|workbox-[\w-]+\.js|version\.json|index\.html)$/;

/** The composition root: every plugin and module is wired here, in a fixed order. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // Fastify's types lack the hop count its runtime accepts: the same rule as a function.
  const proxies = config.trustProxy;
  const app = Fastify({
    // Database errors are logged without their statement's parameters (http/error-log.ts).
    logger: { level: config.logLevel, serializers: { err: errorLogSerializer }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // One line per request instead, at a level by outcome (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
    routerOptions: { ignoreTrailingSlash: true },
    // A UUID per request (or the proxy's id), written on every log line and echoed in x-request-id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const spa = config.webDist !== null && existsSync(path.join(config.webDist, 'index.html'));
  registerErrorHandling(app, { spa });
  logRequests(app, { slowMs: 1000 });
  echoRequestId(app);
  const metrics = new AppMetrics();
  metrics.timeRequests(app);
  const openSockets = countSockets(app, { device: AGENT_PATH, console: LIVE_PATH });

  // External plugins first.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 }) : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_req, ctx) => errors.throttled(Math.ceil(ctx.ttl / 1000)),
  });
  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // DEMO: seeds an empty database, and DEMO_FLEET runs simulated devices against this server. Before
  // the websocket plugin: the fleet must leave before that plugin closes every socket on shutdown.
  if (config.demo.enabled) await app.register(demoPlugin, { config });
  // Agent batches stay small; anything larger is a broken or hostile client.
  // A device's full flow batch (FLOWS_BATCH_MAX records of up to ~900 bytes) is the largest message either socket carries.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 }, preClose: closeSocketsGoingAway });
  if (spa && config.webDist) {
    // wildcard: files are looked up per request, so a rebuilt console is served without a restart;
    // a missing file falls through to the not-found handler, which answers console paths with index.html.
    // Source maps are never served, even if a build left some in the folder (see isSourceMap).
    // preCompressed: the build writes .gz copies of its text assets, sent to browsers that accept gzip.
    // The service worker, its runtime, the version file and the page itself are revalidated on every
    // load (no-cache), so an update check always sees what is deployed.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: ['index.html'],
      allowedPath: (p) => !isSourceMap(p),
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (ALWAYS_REVALIDATE.test(path.basename(filePath))) reply.header('cache-control', 'no-cache');
        // Vite names every built asset by its content's hash: a changed file is a new name, so these never go stale.
        else if (path.basename(path.dirname(filePath)) === 'assets') reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // Then the database and the services built on it.
  const database = opts.database ?? (await openDatabase(config.database));
  const db = database.db;
  const mailer = createMailer(config.mail, app.log);
  const tokens = new TokenService(await loadSigningKey(db, config.jwtSecret), config.accessTokenTtlSeconds);
  const bus = config.redisUrl ? createRedisBus(config.redisUrl, app.log) : createMemoryBus();
  const principals = new PrincipalCache<Principal>();
  const sessionEvents: SessionEvents = {
    sessionRevoked: async (id) => {
      principals.forgetSession(id);
      await bus.publish(topics.sessions(), { kind: 'session', id });
    },
    userChanged: async (id) => {
      principals.forgetUser(id);
      await bus.publish(topics.sessions(), { kind: 'user', id });
    },
    userSessionsRevoked: async (id, keep) => {
      principals.forgetUser(id);
      await bus.publish(topics.sessions(), { kind: 'user_sessions', id, keep });
    },
    // Members' cached principals are dropped by userChanged; this reaches the tenant's watchers.
    tenantChanged: async (id) => {
      await bus.publish(topics.sessions(), { kind: 'tenant', id });
    },
  };
  await bus.subscribe(topics.sessions(), (event) => {
    if (event.kind === 'session') principals.forgetSession(event.id);
    if (event.kind === 'user' || event.kind === 'user_sessions') principals.forgetUser(event.id);
  });
  const sessions = new SessionService(db, tokens, config.sessionTtlHours, sessionEvents);
  const limiters = createLoginLimiters({
    maxFailures: config.loginLimits.userMaxFailures,
    windowSeconds: config.loginLimits.userWindowSeconds,
    redis,
  });
  const google = config.google ? createGoogleVerifier(config.google) : null;
  const core: CoreServices = {
    config,
    log: app.log,
    db,
    mailer,
    bus,
    tokens,
    sessions,
    login: new LoginService(db, tokens, sessions, limiters, google),
    socialSignup: new SocialSignupService(db, sessions, google),
    account: new AccountService(db, mailer, config.publicUrl, sessionEvents, limiters, app.log),
    twoFactor: new TwoFactorService(db, sessionEvents, limiters),
    sessionEvents,
    requireAuth: async (request) => {
      await authenticate(request, db, tokens, principals);
      refuseUnlessSuperAdmin(request);
    },
  };
  // The analytics store: flows in, charts out (the traffic module); one store for every instance's ingest and queries.
  const analyticsRetention = () => config.analytics.retention;
  const analyticsStore = new PgAnalyticsStore(db, analyticsRetention);
  const countries = await openCountryLookup();
  // Zero trust's posture checks know an endpoint's country from its public address, in every render too.
  useCountryLookup(countries);
  const flowIngest = new FlowIngest(analyticsStore, countries, app.log, {
    ...DEFAULT_INGEST,
    maxQueuedRecords: config.analytics.maxQueuedRecords,
    retention: analyticsRetention,
  });
  const deviceConfig = new ConfigService(db, bus);
  // The web filter reaches devices through the configuration engine and reads its URL events from the analytics store.
  const webFilter = new WebFilterService(db, deviceConfig);
  const webFilterAnalytics = new WebFilterAnalytics(db, new UrlAnalytics(db), URL_DIMENSIONS);
  // Zero trust reaches devices through the configuration engine too; approvals are the device inventory's own.
  const ztnaRecommit = new ZtnaRecommit(db, deviceConfig);
  const devices = new DeviceService(db, bus);
  // Zero-trust activity: session logs from the analytics store; NAC decisions and client rollouts reach devices as zero trust's changes do.
  const ztnaSessionLogs = new ZtnaSessionLogs(db, (before) => analyticsStore.dropZtnaSessionsBefore(before));
  const ztnaChanges = new ZtnaChanges(db, ztnaRecommit);
  const services: Services = {
    ...core,
    traffic: new TrafficService(db, analyticsStore, analyticsRetention),
    webFilter,
    webFilterAnalytics,
    ztnaRecommit,
    ztnaProfiles: new EndpointProfileService(db, ztnaRecommit),
    ztnaResources: new ResourceService(db, ztnaRecommit),
    ztnaOverlay: new OverlayService(db, ztnaRecommit, countries),
    ztnaPolicies: new PolicyService(db, ztnaRecommit, countries),
    ztnaOnboarding: new OnboardingService(db, ztnaRecommit, { countries, inventory: devices, mailer, log: app.log }),
    ztnaClientEnrolment: new ClientEnrolmentService(db),
    ztnaSessionLogs,
    nac: new NacService(db, ztnaChanges),
    clientUpdates: new ClientUpdateService(db, ztnaChanges, loadTenantZtna),
    devices,
    deviceConfig,
    configTemplates: new TemplateService(db, bus),
    deviceStatus: new DeviceStatusService(db, bus),
    alarms: new AlarmService(db),
    channels: new ChannelService(db),
    tenantData: new TenantDataService(db),
    networks: new NetworkService(db, bus),
    team: new TeamService(core),
    organisations: new OrganisationService(core),
    groups: new GroupService(db),
    settings: new TenantSettingsService(db),
    profile: new ProfileService(db, sessionEvents),
    logs: new ActivityService(db),
    search: new SearchService(db),
    tours: new TourService(db),
    announcements: new AnnouncementService(db, bus, app.log),
    // The worker below is told at once when a report is queued here.
    reports: new ReportService(db, bus, () => reportWorker.wake()),
  };
  app.decorate('services', services);
  app.decorate('mailer', mailer);
  app.decorate('database', database);
  app.decorateRequest('principal', null);
  app.decorateRequest('actor', null);
  // Routes declare the tenant role they need (config.access); this one hook checks every one of them.
  app.addHook('preHandler', authorise(db));
  // Periodic work: on PostgreSQL one instance of a cluster runs each round (an advisory lock).
  const usesLock = config.database.kind === 'postgres';
  const stopTokenSweeps = deleteExpiredTokens(db, app.log, usesLock);
  const stopMetricsRetention = keepMetricsFor(db, app.log, { retentionHours: config.fleet.metricsRetentionHours, usesLock });
  // The device side's state: batched writes, the outage they detect, and the devices gone silent.
  const writer = new DeviceStateWriter(db, app.log);
  // Not an async wrapper: a heartbeat already waits on the bus's own promise.
  const publishDevice = (device: DeviceRecord) => bus.publish(topics.tenantDevices(device.tenantId), { kind: 'device', row: toDeviceRow(device) });
  // Alarms are judged as device data arrives; each stored one rings the bell of its tenant's consoles.
  const alarmEngine = new AlarmEngine(db, app.log, (alarm, deviceName) =>
    bus.publish(topics.tenantAlarms(alarm.tenantId), { kind: 'alarm', notification: notificationOf(alarm, deviceName) }),
  );
  const observer = config.fleet.alarms ? alarmEngine : IGNORE_DEVICES;
  // Channels' deliveries are rows: any instance sends what is due, also what was queued before a restart.
  const deliveries = new DeliveryWorker(db, mailer, app.log, config.notifications);
  deliveries.start();
  const stopAnalyticsRetention = keepAnalyticsFor(analyticsStore, app.log, analyticsRetention);
  const stopLogRetention = sweepPeriodically(app.log, { what: 'logs past their retention', everyMs: 60 * 60_000, sweep: () => webFilterAnalytics.sweep() });
  const stopSessionLogRetention = sweepPeriodically(app.log, {
    what: 'zero-trust session logs past their retention',
    everyMs: 60 * 60_000,
    sweep: () => ztnaSessionLogs.sweep(),
  });
  const stopWebFilterReconciler = new WebFilterReconciler(db, deviceConfig).start(app.log, config.webFilter.reconcileMs);
  const stopZtnaReconciler = new ZtnaReconciler(db, ztnaRecommit, deviceConfig).start(app.log, config.ztna.reconcileMs);
  // Scheduled announcements reach open consoles when they start (and leave them when they end).
  const stopAnnouncementCheck = services.announcements.start(config.announcements.checkMs);
  // Reports are made in the background by whichever instance claims them; schedules queue them once per cluster.
  const reportWorker = new ReportWorker(db, reportSources(db, services, config), bus, mailer, app.log, config.reports);
  reportWorker.start();
  const reportClock = new ScheduleClock(db, app.log, async () => reportWorker.wake(), config.reports.scheduleCheckMs);
  reportClock.start();
  const stopReportExpiry = sweepPeriodically(app.log, {
    what: 'reports past their keeping time',
    everyMs: config.reports.sweepMs,
    sweep: (stopped) => sweepExpiredReports(db, new Date(), stopped),
  });
  const stopAlarmRetention = keepAlarmsFor(db, app.log, { retentionDays: config.fleet.alarmRetentionDays, usesLock });
  const stopOfflineSweep = sweepSilentDevicesOffline(db, app.log, {
    offlineAfterSeconds: config.fleet.offlineAfterSeconds,
    usesLock,
    outage: writer.outage,
    publishDevice,
    observer,
  });
  // onClose hooks run last-added first: this one runs after the gateway has closed the device
  // sockets, so the states they leave are still written before the bus and the database go.
  app.addHook('onClose', async () => {
    await flowIngest.close();
    await writer.close();
    await stopTokenSweeps();
    await bus.close();
    if (!opts.database) await database.close();
    redis?.disconnect();
  });

  // Then the modules; the probes first, next to each other, outside the API prefix.
  const readiness = databaseReadiness(db);
  await app.register(probeRoutes, { readiness });
  metrics.gauge('netloom_device_sockets', 'Device websockets open on this instance (the agent path)', () => openSockets('device'));
  metrics.gauge('netloom_console_sockets', 'Console websockets open on this instance (the live path)', () => openSockets('console'));
  for (const m of ingestMetrics(() => flowIngest.stats)) (m.type === 'counter' ? metrics.counter : metrics.gauge).call(metrics, m.name, m.help, m.read);
  for (const q of queueDepths(db)) metrics.gauge(q.name, q.help, q.read);
  await app.register(metricsRoute, { metrics });
  await app.register(
    async (api) => {
      await api.register(backendCheckRoutes, { readiness });
      await api.register(authRoutes, { services });
      await api.register(tenantRoutes, { services });
      await api.register(tenantDataRoutes, { services });
      await api.register(deviceRoutes, { services });
      await api.register(configRoutes, { services });
      await api.register(templateRoutes, { services });
      await api.register(deviceStatusRoutes, { services });
      await api.register(alarmRoutes, { services });
      await api.register(channelRoutes, { services });
      await api.register(networkRoutes, { services });
      await api.register(geoRoutes, { services });
      await api.register(organisationRoutes, { services });
      await api.register(tenantSettingsRoutes, { services });
      await api.register(userRoutes, { services });
      await api.register(groupRoutes, { services });
      await api.register(profileRoutes, { services });
      await api.register(activityRoutes, { services });
      await api.register(trafficRoutes, { services });
      await api.register(webFilterRoutes, { services });
      await api.register(ztnaRoutes, { services });
      await api.register(ztnaActivityRoutes, { services });
      await api.register(searchRoutes, { services });
      await api.register(tourRoutes, { services });
      await api.register(announcementRoutes, { services });
      await api.register(adminAnnouncementRoutes, { services });
      await api.register(reportRoutes, { services });
    },
    { prefix: '/api/v1' },
  );

  // The device side, outside the REST prefix.
  await app.register(agentGateway, {
    services,
    writer,
    publishDevice,
    heartbeatIntervalSeconds: config.fleet.heartbeatIntervalSeconds,
    observer,
    flows: { submit: (device, m) => flowIngest.submit(flowSourceOf(device, countries), m), refuseNow: () => flowIngest.refuseNow() },
    ztna: new ZtnaReports(db),
  });
  // Runs first on close: no sweep starts while the gateway closes its sockets.
  app.addHook('onClose', async () => {
    stopOfflineSweep();
    await stopMetricsRetention();
    await stopAlarmRetention();
    await stopAnalyticsRetention();
    await stopLogRetention();
    await stopSessionLogRetention();
    await stopWebFilterReconciler();
    await stopZtnaReconciler();
    await stopAnnouncementCheck();
    await reportClock.stop();
    await reportWorker.stop();
    await stopReportExpiry();
    await alarmEngine.idle();
    await deliveries.stop();
  });
  await app.register(liveHub, { services });

  return app;
}

export { AppError };
