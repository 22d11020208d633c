import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SCIM_BASE_PATH } from '@netloom/domain';
import type { AppMetrics } from '../http/metrics';
import { databaseReadiness } from '../db/readiness';
import { agentGateway } from '../agent/gateway';
import { liveHub } from '../live/hub';
import { authRoutes } from '../modules/auth/routes';
import { tenantRoutes } from '../modules/tenants/routes';
import { geoRoutes } from '../modules/geo/routes';
import { deviceRoutes } from '../modules/devices/routes';
import { tenantDataRoutes } from '../modules/devices/tenant-routes';
import { networkRoutes } from '../modules/networks/routes';
import { organisationRoutes } from '../modules/organisations/routes';
import { tenantSettingsRoutes } from '../modules/tenant-settings/routes';
import { userRoutes } from '../modules/users/routes';
import { groupRoutes } from '../modules/groups/routes';
import { profileRoutes } from '../modules/profile/routes';
import { activityRoutes } from '../modules/activity/routes';
import { backendCheckRoutes, probeRoutes, type HealthOptions } from '../modules/health/routes';
import { metricsRoute } from '../modules/health/metrics-route';
import { queueDepths } from '../modules/health/queue-repo';
import { templateRoutes } from '../modules/config/template-routes';
import { configRoutes } from '../modules/config/routes';
import { deviceStatusRoutes } from '../modules/device-status/routes';
import { diagnosticsRoutes } from '../modules/diagnostics/index';
import { alarmRoutes } from '../modules/alarms/routes';
import { channelRoutes } from '../modules/alarms/channel-routes';
import { collectorMetrics, flowExporterRoutes, flowSourceOf, ingestMetrics, trafficRoutes } from '../modules/traffic/index';
import { webFilterRoutes } from '../modules/web-filter/index';
import {
  wafAnalyticsRoutes,
  wafApiSecurityRoutes,
  wafBotRoutes,
  wafGuardRoutes,
  wafIntelRoutes,
  wafPopRoutes,
  wafRoutes,
  wafVulnTestRoutes,
} from '../modules/waf/index';
import { demQueryRoutes, demRoutes } from '../modules/dem/index';
import { ndrRoutes } from '../modules/ndr/index';
import { iotRoutes } from '../modules/iot/index';
import { rumAlertRoutes, rumIngestMetrics, rumIngestRoutes, rumQueryRoutes, rumSdkRoutes, rumSiteRoutes } from '../modules/rum/index';
import { ZtnaReports, ztnaActivityRoutes } from '../modules/ztna-activity/index';
import { recordClientEnrolment, shareSettingsLock, takeKeyUse, ztnaRoutes } from '../modules/ztna/index';
import { searchRoutes } from '../modules/search/routes';
import { tourRoutes } from '../modules/tours/routes';
import { announcementRoutes } from '../modules/announcements/routes';
import { adminAnnouncementRoutes } from '../modules/announcements/admin-routes';
import { userQueryRoutes } from '../modules/user-queries/routes';
import { deskRoutes, ticketRoutes } from '../modules/tickets/index';
import { chatRoutes } from '../modules/chat/routes';
import { assistantDraftHook, assistantRoutes } from '../modules/assistant/routes';
import { helpdeskRoutes } from '../modules/helpdesks/routes';
import { reportRoutes } from '../modules/reports/routes';
import { scimProtocolRoutes, scimTokenRoutes } from '../modules/scim/index';
import { samlProviderRoutes, ssoRoutes, ssoSignInRoutes } from '../modules/sso/index';
import type { BackgroundWork } from './background';
import { metricsListener, type MetricsListener } from './metrics-listener';
import type { Engines } from './module-services';
import type { Services } from './services';

/**
 * Where each module plugin is registered with the dependencies its options declare, and nothing
 * else. Every route is private unless it says it is public (http/authentication.ts).
 */

/**
 * The probes and /metrics, outside the API prefix, next to each other; /metrics on a listener of
 * its own instead when METRICS_LISTEN names one (the listener is returned for server.ts to start).
 */
export async function registerProbes(
  app: FastifyInstance,
  s: Services,
  engines: Engines,
  metrics: AppMetrics,
  openSockets: (kind: 'device' | 'console') => number,
): Promise<{ health: HealthOptions; metricsListener: MetricsListener | null }> {
  const readiness = databaseReadiness(s.db);
  await app.register(probeRoutes, { readiness, bus: s.config.redisUrl ? () => s.bus.health() : null, requireRedis: s.config.readyRequiresRedis });
  metrics.gauge('netloom_device_sockets', 'Device websockets open on this instance (the agent path)', () => openSockets('device'));
  metrics.gauge('netloom_console_sockets', 'Console websockets open on this instance (the live path)', () => openSockets('console'));
  for (const m of ingestMetrics(() => engines.flowIngest.stats)) (m.type === 'counter' ? metrics.counter : metrics.gauge).call(metrics, m.name, m.help, m.read);
  if (engines.flowCollector) for (const m of collectorMetrics(engines.flowCollector.stats)) metrics.counter(m.name, m.help, m.read);
  for (const m of rumIngestMetrics(() => s.rumIngest.stats)) (m.type === 'counter' ? metrics.counter : metrics.gauge).call(metrics, m.name, m.help, m.read);
  metrics.gauge(
    'netloom_ndr_lag_seconds',
    'How far NDR detections run behind ingest: the age of the oldest evidence waiting',
    () => engines.ndrEngine.lagMs() / 1000,
  );
  metrics.gauge('netloom_ndr_queued_records', 'Evidence records waiting for the NDR rules', () => engines.ndrEngine.stats.queued);
  metrics.counter(
    'netloom_ndr_records_dropped_total',
    'Evidence records NDR dropped because a tenant queued more than it keeps',
    () => engines.ndrEngine.stats.recordsDropped,
  );
  for (const q of queueDepths(s.db)) metrics.gauge(q.name, q.help, q.read);
  if (s.config.metrics.listen) return { health: { readiness }, metricsListener: metricsListener(app, metrics, s.config.metrics) };
  await app.register(metricsRoute, { metrics, token: s.config.metrics.token });
  return { health: { readiness }, metricsListener: null };
}

/** The REST API's modules, in the order of the API document; registered under /api/v1. */
export const apiRoutes: FastifyPluginAsync<{ services: Services; health: HealthOptions }> = async (api, { services: s, health }) => {
  // Before the routes: what a form makes from the assistant's draft is audited as the assistant's.
  api.addHook('onSend', assistantDraftHook(s.assistant));
  await api.register(backendCheckRoutes, health);
  await api.register(authRoutes, {
    login: s.login,
    sessions: s.sessions,
    account: s.account,
    socialSignup: s.socialSignup,
    twoFactor: s.twoFactor,
    loginLimiters: s.loginLimiters,
    config: s.config,
  });
  await api.register(ssoSignInRoutes, { ssoSignIn: s.ssoSignIn, loginLimiters: s.loginLimiters, config: s.config });
  await api.register(tenantRoutes, { db: s.db });
  await api.register(tenantDataRoutes, { tenantData: s.tenantData });
  await api.register(deviceRoutes, { devices: s.devices });
  await api.register(configRoutes, { deviceConfig: s.deviceConfig });
  await api.register(templateRoutes, { configTemplates: s.configTemplates });
  await api.register(deviceStatusRoutes, { deviceStatus: s.deviceStatus });
  await api.register(diagnosticsRoutes, { diagnostics: s.diagnostics });
  await api.register(alarmRoutes, { alarms: s.alarms });
  await api.register(channelRoutes, { channels: s.channels });
  await api.register(networkRoutes, { db: s.db, networks: s.networks });
  await api.register(geoRoutes);
  await api.register(organisationRoutes, { organisations: s.organisations });
  await api.register(tenantSettingsRoutes, { settings: s.settings });
  await api.register(ssoRoutes, { ssoSettings: s.ssoSettings });
  await api.register(samlProviderRoutes, { samlSettings: s.samlSettings });
  await api.register(userRoutes, { team: s.team });
  await api.register(groupRoutes, { groups: s.groups });
  await api.register(profileRoutes, { profile: s.profile });
  await api.register(activityRoutes, { logs: s.logs });
  await api.register(trafficRoutes, { traffic: s.traffic });
  await api.register(flowExporterRoutes, { flowExporters: s.flowExporters });
  await api.register(webFilterRoutes, { webFilter: s.webFilter, webFilterAnalytics: s.webFilterAnalytics });
  await api.register(wafRoutes, { waf: s.waf });
  await api.register(wafIntelRoutes, { intel: s.wafIntel });
  await api.register(wafPopRoutes, { pops: s.wafPops });
  await api.register(wafApiSecurityRoutes, { apis: s.wafApis });
  await api.register(wafVulnTestRoutes, { vulnTests: s.wafVulnTests });
  await api.register(wafAnalyticsRoutes, { events: s.wafEvents });
  await api.register(wafBotRoutes, { bots: s.wafBots });
  await api.register(wafGuardRoutes, { guard: s.wafGuard });
  await api.register(rumSiteRoutes, { sites: s.rumSites, maps: s.rumSourceMaps });
  await api.register(rumQueryRoutes, { queries: s.rumQueries });
  await api.register(rumAlertRoutes, { alerts: s.rumAlerts });
  await api.register(rumIngestRoutes, {
    ingest: s.rumIngest,
    perKeyPerMinute: s.config.rum.perKeyPerMinute,
    perClientPerMinute: s.config.rum.perClientPerMinute,
  });
  await api.register(demRoutes, { dem: s.dem });
  await api.register(demQueryRoutes, { queries: s.demQueries });
  await api.register(ndrRoutes, { detections: s.ndr, investigation: s.ndrInvestigation, tuning: s.ndrTuning, responses: s.ndrResponses });
  await api.register(iotRoutes, { iot: s.iot, profiles: s.iotProfiles, segments: s.iotSegments });
  await api.register(ztnaRoutes, {
    ztnaProfiles: s.ztnaProfiles,
    ztnaResources: s.ztnaResources,
    ztnaOverlay: s.ztnaOverlay,
    ztnaPolicies: s.ztnaPolicies,
    ztnaOnboarding: s.ztnaOnboarding,
    ztnaInventory: s.ztnaInventory,
    ztnaClientEnrolment: s.ztnaClientEnrolment,
  });
  await api.register(ztnaActivityRoutes, { ztnaSessionLogs: s.ztnaSessionLogs, nac: s.nac, clientUpdates: s.clientUpdates });
  await api.register(searchRoutes, { search: s.search });
  await api.register(tourRoutes, { tours: s.tours });
  await api.register(announcementRoutes, { announcements: s.announcements });
  await api.register(adminAnnouncementRoutes, { announcements: s.announcements });
  await api.register(userQueryRoutes, { userQueries: s.userQueries });
  await api.register(ticketRoutes, { tickets: s.tickets });
  await api.register(deskRoutes, { supportDesk: s.supportDesk });
  await api.register(chatRoutes, { chat: s.chat });
  await api.register(assistantRoutes, { assistant: s.assistant });
  await api.register(helpdeskRoutes, { helpdesks: s.helpdesks });
  await api.register(reportRoutes, { reports: s.reports });
  await api.register(scimTokenRoutes, { scimTokens: s.scimTokens });
};

/** SCIM 2.0 for identity providers, outside the REST prefix: a provisioning token, not a session, opens it. */
/** The RUM SDK bundle, outside the REST prefix: pages of the tenants' sites load it by the snippet's URL. */
export async function registerRumSdk(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(rumSdkRoutes, { sdkFile: s.config.rum.sdkFile });
}

export async function registerScim(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(scimProtocolRoutes, {
    prefix: SCIM_BASE_PATH,
    scimTokens: s.scimTokens,
    scimUsers: s.scimUsers,
    scimGroups: s.scimGroups,
    publicUrl: s.config.publicUrl,
  });
}

/** The device side, outside the REST prefix: devices authenticate in their hello with their own credentials. */
export async function registerDeviceGateway(app: FastifyInstance, s: Services, engines: Engines, work: BackgroundWork): Promise<void> {
  const { flowIngest, countries, configPushes, autoVpnAddresses } = engines;
  await app.register(agentGateway, {
    db: s.db,
    bus: s.bus,
    preAuthPerAddress: s.config.sockets.preAuthPerAddress,
    writer: work.writer,
    publishDevice: work.publishDevice,
    heartbeatIntervalSeconds: s.config.fleet.heartbeatIntervalSeconds,
    observer: work.observer,
    flows: {
      submit: async (device, m) => {
        const source = flowSourceOf(device, countries);
        // An edge's logs go to the organisation of each application it serves (a shared POP serves several).
        if (m.type === 'waf_events') source.applicationTenants = await s.waf.applicationTenantsOn(device.id);
        const outcome = await flowIngest.submit(source, m);
        // Fresh DEM results (not a resend) may change the endpoint's alarms: judged beside the ack, never holding it up.
        if (m.type === 'dem_results' && outcome.stored && !outcome.duplicate)
          void s.demAlarms.evaluate(device, [...new Set(m.results.map((r) => r.application_id))]);
        return outcome;
      },
      refuseNow: () => flowIngest.refuseNow(),
    },
    ztna: new ZtnaReports(s.db),
    iot: { devices: (device, m) => s.iotIngest.devices(device, m), telemetry: (device, m) => s.iotIngest.telemetry(device, m) },
    // A client enrolling with one of its tenant's keys: the key, its security groups and invitations are zero trust's.
    clientKeys: { shareSettingsLock, takeKeyUse, recordClientEnrolment },
    jobs: s.jobs,
    drift: configPushes,
    addresses: autoVpnAddresses,
    // A vulnerability test's progress travels as a job's output too: its run takes it, else a diagnostic's.
    diagnostics: {
      output: async (deviceId, m) => (await s.wafVulnTests.progress(deviceId, m)) ?? s.diagnosticIntake.output(deviceId, m),
      artifact: (deviceId, m) => s.diagnosticIntake.artifact(deviceId, m),
    },
  });
}

/**
 * The flow collector's UDP socket opens with the app (ready) and closes first on close, before
 * ingest writes what it holds; the app's `flowCollector` says where it listens (tests, logs).
 */
export function registerFlowCollector(app: FastifyInstance, engines: Engines): void {
  const collector = engines.flowCollector;
  app.decorate('flowCollector', collector ? { stats: collector.stats, address: null } : null);
  if (!collector) return;
  app.addHook('onReady', async () => {
    app.flowCollector!.address = await collector.start();
  });
  app.addHook('onClose', () => collector.stop());
}

/** The consoles' live socket: a console signs in over the socket itself. */
export async function registerLiveHub(app: FastifyInstance, s: Services): Promise<void> {
  await app.register(liveHub, { services: { db: s.db, bus: s.bus, tokens: s.tokens, config: s.config } });
}
