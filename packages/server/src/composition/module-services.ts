import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ConfigService } from '../modules/config/service';
import { ConfigPushes } from '../modules/config/pushes';
import { AutoVpnAddresses } from '../modules/config/auto-vpn-addresses';
import type { SectionProvider } from '../modules/config/section-provider';
import { TemplateService } from '../modules/config/templates-service';
import { JobQueue } from '../modules/jobs/index';
import { DeviceStatusService } from '../modules/device-status/service';
import { DiagnosticIntake, DiagnosticsService } from '../modules/diagnostics/index';
import { AlarmService, notificationOf } from '../modules/alarms/service';
import { recordChange } from '../modules/alarms/repo';
import { topics } from '../bus/topics';
import { ChannelService } from '../modules/alarms/channels-service';
import { systemResolver, type HostResolver, type TargetPolicy } from '../modules/alarms/webhook-target';
import {
  DEFAULT_INGEST,
  FlowIngest,
  NdrEvidenceReader,
  type PgAnalyticsStore,
  TrafficService,
  openCountryLookup,
  UrlAnalytics,
  URL_DIMENSIONS,
  WafAnalytics,
  WafBotAnalytics,
  WafGuardAnalytics,
  RumAnalytics,
  RumRawAnalytics,
  RumStore,
  DemAnalytics,
  type CountryLookup,
  ExporterDirectory,
  FlowCollector,
  FlowExporterService,
} from '../modules/traffic/index';
import { WebFilterAnalytics, WebFilterService, webFilterSections } from '../modules/web-filter/index';
import { RumAlertService, RumIngest, RumQueryService, RumSiteService, RumSourceMapService } from '../modules/rum/index';
import { queueForChannels } from '../modules/alarms/channels-repo';
import { DemAlarmJudge, DemQueries, DemService, demSections, type DemAlarmChange } from '../modules/dem/index';
import { NdrEngine, NdrInvestigation, NdrResponses, NdrService, NdrTuning } from '../modules/ndr/index';
import {
  ThreatIntelService,
  WafApiSecurityService,
  WafVulnTestService,
  WafBotService,
  WafEventsService,
  WafGuardService,
  WafPopService,
  WafService,
  dnsAddressLookup,
  reverseDnsVerifier,
  wafSections,
} from '../modules/waf/index';
import { ClientUpdateService, NacService, ZtnaChanges, ZtnaSessionLogs } from '../modules/ztna-activity/index';
import {
  EndpointProfileService,
  InventoryService,
  OnboardingService,
  ClientEnrolmentService,
  OverlayService,
  PolicyService,
  ResourceService,
  ZtnaRecommit,
  loadTenantZtna,
  ztnaSections,
} from '../modules/ztna/index';
import { DeviceService } from '../modules/devices/service';
import { TenantDataService } from '../modules/devices/tenant-data';
import { NetworkService } from '../modules/networks/service';
import { OrganisationService } from '../modules/organisations/service';
import { TeamService } from '../modules/users/service';
import { GroupService } from '../modules/groups/service';
import { TenantSettingsService } from '../modules/tenant-settings/service';
import { ProfileService } from '../modules/profile/service';
import { ActivityService } from '../modules/activity/service';
import { SearchService } from '../modules/search/service';
import { TourService } from '../modules/tours/service';
import { AnnouncementService } from '../modules/announcements/service';
import { UserQueryService } from '../modules/user-queries/service';
import { ChatService } from '../modules/chat/service';
import { AssistantService } from '../modules/assistant/service';
import { builtInEngine } from '../modules/assistant/engines/builtin';
import { ModelEngine } from '../modules/assistant/engines/model';
import { HelpdeskIntegrationService } from '../modules/helpdesks/service';
import { guardedFetch } from './outbound-fetch';
import { ReportService } from '../modules/reports/service';
import { ScimGroupService, ScimTokenService, ScimUserService } from '../modules/scim/index';
import {
  OidcClients,
  SamlClients,
  SamlSettingsService,
  SsoProvisioning,
  SsoSettingsService,
  SsoSignInService,
  dnsTxtLookup,
  withLabDomains,
} from '../modules/sso/index';
import { SSO_CALLBACK_PATH, ssoTxtName, ssoTxtValue } from '@netloom/domain';
import type { CoreServices, Services } from './services';
import { analyticsStoreOn } from './analytics-store';
import { claimBatchKeys } from '../agent/repo';
import { IotFlowListener, IotIngest, IotProfiles, IotSegments, IotService, type GatewayConfigPort } from '../modules/iot/index';
import { supportServices } from './support-services';

/** What the module services are built on and the background work and device side use too. */
export interface Engines {
  /** The analytics store: flows in, charts out (the traffic module); one store for every instance's ingest and queries. */
  analyticsStore: PgAnalyticsStore;
  analyticsRetention: () => Config['analytics']['retention'];
  countries: CountryLookup;
  flowIngest: FlowIngest;
  /** The NetFlow v9 / IPFIX collector (FLOW_COLLECTOR_PORT), not yet listening; null when off. */
  flowCollector: FlowCollector | null;
  configPushes: ConfigPushes;
  /** Told of a gateway's new public address: its Auto VPN peers get it. */
  autoVpnAddresses: AutoVpnAddresses;
  /** The products that make sections of every device's document. */
  webFilterSections: SectionProvider;
  ztnaSections: SectionProvider;
  wafSections: SectionProvider;
  demSections: SectionProvider;
  /** NDR's detection engine: hears the ingest's evidence; started and closed (its rule states saved) with the background work. */
  ndrEngine: NdrEngine;
  /** RUM's analytics tables: the retention sweep drops their partitions. */
  rumStore: RumStore;
  /** Where webhooks may go: checked when a channel is saved and again, resolved once, when each is sent. */
  webhookTargets: TargetPolicy;
}

export interface ModuleServicesOptions {
  /** Section providers besides the products' own (a test's product). */
  sectionProviders: readonly SectionProvider[];
  /** Tells the report worker at once when a report is queued (the worker is built after the services). */
  wakeReportWorker: () => void;
  /** How webhook URLs' host names are resolved (a test answers for names of its own). */
  resolveHost?: HostResolver;
  webhookMayReach?: (address: string) => boolean;
}

/** Every module's service, built once on the core services: route plugins construct nothing. */
export async function buildModuleServices(
  app: FastifyInstance,
  core: CoreServices,
  opts: ModuleServicesOptions,
): Promise<{ services: Services; engines: Engines }> {
  const { config, db, bus, mailer, sessionEvents } = core;
  const analyticsRetention = () => config.analytics.retention;
  const analyticsStore = analyticsStoreOn(db, analyticsRetention);
  const countries = await openCountryLookup();
  const flowIngest = new FlowIngest(analyticsStore, countries, app.log, {
    ...DEFAULT_INGEST,
    maxQueuedRecords: config.analytics.maxQueuedRecords,
    retention: analyticsRetention,
  });
  // Routers' own flow export: datagrams from an exporter address set on a device feed the same ingest.
  let flowCollector: FlowCollector | null = null;
  const exporterDirectory = new ExporterDirectory(db, countries, app.log, (address) => flowCollector?.forget(address));
  if (config.flowCollector) flowCollector = new FlowCollector(config.flowCollector, exporterDirectory, flowIngest, app.log);
  const flowExporters = new FlowExporterService(db, () => {
    if (flowCollector) void exporterDirectory.refresh();
  });
  // Devices' work has one queue; each purpose's owner hears of its jobs closing.
  const jobs = new JobQueue(db, bus);
  const configPushes = new ConfigPushes(db, bus, jobs);
  jobs.handle('configuration', configPushes);
  // Diagnostics stream their output as they run; their jobs' answers end them.
  const diagnostics = new DiagnosticsService(db, bus, jobs);
  const diagnosticIntake = new DiagnosticIntake(db, diagnostics.events);
  jobs.handle('diagnostics', diagnosticIntake);
  app.addHook('onClose', async () => diagnostics.stopTimers());
  // The products that make sections of every device's document. Zero trust's posture checks place
  // an endpoint by its public address, in every render too.
  const ztna = ztnaSections(countries);
  const sectionProviders = [webFilterSections, ztna, wafSections, demSections, ...opts.sectionProviders];
  const deviceConfig = new ConfigService(db, configPushes, sectionProviders);
  const autoVpnAddresses = new AutoVpnAddresses(db, deviceConfig, app.log, config.fleet.autoVpnAddressSettleSeconds * 1000);
  app.addHook('onClose', async () => autoVpnAddresses.stop());
  // The web filter reaches devices through the configuration engine and reads its URL events from the analytics store.
  const webFilter = new WebFilterService(db, deviceConfig);
  const webFilterAnalytics = new WebFilterAnalytics(db, new UrlAnalytics(db), URL_DIMENSIONS);
  // Zero trust reaches devices through the configuration engine too; approvals are the device inventory's own.
  const ztnaRecommit = new ZtnaRecommit(db, deviceConfig, countries);
  const devices = new DeviceService(db, bus, jobs);
  // Zero-trust activity: session logs from the analytics store, which alone drops and deletes them when their sweep says;
  // NAC decisions and client rollouts reach devices as zero trust's changes do.
  const ztnaSessionLogs = new ZtnaSessionLogs(db, {
    dropDaysBefore: (before) => analyticsStore.dropZtnaSessionsBefore(before),
    deleteExpired: (now, kept, otherwiseDays) => analyticsStore.deleteExpiredZtnaSessions(now, kept, otherwiseDays),
  });
  const ztnaChanges = new ZtnaChanges(db, ztnaRecommit);
  const webhookTargets: TargetPolicy = {
    allowPrivate: config.notifications.allowPrivateTargets,
    resolve: opts.resolveHost ?? systemResolver,
    mayReach: opts.webhookMayReach,
  };
  // Provisioning reaches the team, its groups and zero trust through their services: their rules and audit rows hold.
  const team = new TeamService(core);
  const groups = new GroupService(db);
  const ztnaAccess = { usersChanged: ztnaRecommit.usersChanged.bind(ztnaRecommit) };
  // Single sign-on: domains proved by DNS (a lab's override first), providers' groups applied through the groups module.
  const ssoRedirectUri = `${config.publicUrl}${SSO_CALLBACK_PATH}`;
  const txtLookup = config.sso.txtLookup ?? dnsTxtLookup(config.sso.dnsServers, 5000);
  const ssoProvisioning = new SsoProvisioning(db, groups, (userId) => sessionEvents.userChanged(userId));
  const alarms = new AlarmService(db);
  // Helpdesks are called at addresses tenants type: resolved once and checked as webhooks are.
  const helpdesks = new HelpdeskIntegrationService(
    db,
    guardedFetch({ ...webhookTargets, allowPrivate: config.helpdesks.allowPrivateTargets, publicOnly: 'a helpdesk must have a public address' }),
    config.publicUrl,
  );
  const support = supportServices({
    db,
    bus,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    sessionEvents,
    devices,
    deviceConfig,
    alarms,
    helpdesks,
    helpdeskPollSeconds: config.helpdesks.pollSeconds,
  });
  // QShield: applications and policies reach the WAF edges through the configuration engine; feeds are
  // fetched like a helpdesk is called (a public address unless the operator allows private ones).
  const wafLookup = config.waf.addressLookup ?? dnsAddressLookup(config.waf.dnsServers, 5000);
  const waf = new WafService(db, deviceConfig, wafLookup);
  const wafPops = new WafPopService(db);
  const wafIntel = new ThreatIntelService(
    db,
    deviceConfig,
    guardedFetch({ ...webhookTargets, publicOnly: 'a threat-intel feed must have a public address' }),
    app.log,
  );
  const wafAnalytics = new WafAnalytics(db);
  const wafEvents = new WafEventsService(db, wafAnalytics);
  const wafApis = new WafApiSecurityService(db, wafAnalytics, (actor, id, message) => waf.apiDocumentChanged(actor, id, message));
  // Vulnerability tests go to an edge as device jobs; the edge's answer ends the run with its findings.
  const wafVulnTests = new WafVulnTestService(db, bus, jobs);
  jobs.handle('vulnTesting', wafVulnTests);
  // Bot protection: good bots verified by reverse DNS through the same servers as the domain checks.
  const wafBots = new WafBotService(db, wafAnalytics, new WafBotAnalytics(db), deviceConfig, reverseDnsVerifier(config.waf.dnsServers));
  const wafGuard = new WafGuardService(db, wafAnalytics, new WafGuardAnalytics(db));
  // RUM: beacons are written by the analytics store (traffic); a site's change reaches the ingest's cache at once.
  const rumAnalytics = new RumAnalytics(db, analyticsRetention);
  const rumStore = new RumStore(db);
  const rumIngest = new RumIngest(db, rumStore, countries, app.log);
  const rumSites = new RumSiteService(db, config.publicUrl, (key) => rumIngest.forget(key));
  const rumSourceMaps = new RumSourceMapService(db, rumSites);
  // A RUM alert's change goes to the tenant's notification channels as a performance alarm of the site.
  const rumAlerts = new RumAlertService(db, rumAnalytics, (tenantId, event) => db.transaction((tx) => queueForChannels(tx, tenantId, null, event)));
  // IoT: deviations from a class's profile are NDR detections (triaged and scored with NDR's own); a segment is
  // a change of its gateway's configuration, saved and pushed as any edit of it. The profiles learn from the
  // ingest's evidence tap, as NDR's engine does.
  const iotProfiles = new IotProfiles(db, { record: (tenantId, detections) => ndr.record(tenantId, detections) });
  flowIngest.onEvidence(new IotFlowListener(iotProfiles, app.log).accept);
  const iotGatewayConfig: GatewayConfigPort = {
    document: async (actor, gatewayId) => (await deviceConfig.get(actor, gatewayId)).document as Record<string, unknown>,
    save: async (actor, gatewayId, changes, message) => {
      for (const c of changes) await deviceConfig.saveSection(actor, gatewayId, c.family, c.section, { message });
    },
  };
  const iotSegments = new IotSegments(db, iotProfiles, iotGatewayConfig);
  // DEM: an endpoint's experience of an application under its threshold is an alarm of the endpoint (kind dem),
  // stored once by the alarms module, rung on the bell and queued for the channels like the others.
  const demAnalytics = new DemAnalytics(db);
  const recordDemAlarm = async (c: DemAlarmChange) => {
    if (!config.fleet.alarms) return;
    const row = await recordChange(db, { ...c, kind: 'dem' });
    if (row) await bus.publish(topics.tenantAlarms(c.tenantId), { kind: 'alarm', notification: notificationOf(row, c.deviceName) });
  };
  // NDR: the engine hears every stored batch's evidence from the ingest's tap and steps the rules over it; the
  // detections are stored by the NDR service and a high or critical one that opens goes to the channels (as RUM's
  // alerts do). Responses go out as configuration (firewall, content filter) or as zero trust's NAC decisions.
  const nac = new NacService(db, ztnaChanges);
  const ndr: NdrService = new NdrService(
    db,
    (tenantId, event) => db.transaction((tx) => queueForChannels(tx, tenantId, null, event)),
    (tenantId) => ndrEngine.lag(tenantId),
    app.log,
  );
  const ndrEngine = new NdrEngine(db, (tenantId, detections) => ndr.record(tenantId, detections), app.log);
  flowIngest.onEvidence(ndrEngine.accept);
  const ndrResponses = new NdrResponses(
    db,
    {
      document: async (actor, deviceId) => (await deviceConfig.get(actor, deviceId)).document,
      saveSection: async (actor, deviceId, family, section, message) => ({
        revisionId: (await deviceConfig.saveSection(actor, deviceId, family, section, { message })).revision?.id ?? null,
      }),
    },
    nac,
  );
  const saml = new SamlClients(db, config.publicUrl);
  const samlUrls = saml.urls.bind(saml);
  const services: Services = {
    ...core,
    ...support,
    jobs,
    traffic: new TrafficService(db, analyticsStore, analyticsRetention),
    flowExporters,
    webFilter,
    webFilterAnalytics,
    ztnaRecommit,
    ztnaProfiles: new EndpointProfileService(db, ztnaRecommit),
    ztnaResources: new ResourceService(db, ztnaRecommit),
    ztnaOverlay: new OverlayService(db, ztnaRecommit, countries),
    ztnaPolicies: new PolicyService(db, ztnaRecommit, countries),
    ztnaOnboarding: new OnboardingService(db, { mailer, log: app.log }),
    ztnaInventory: new InventoryService(db, ztnaRecommit, { countries, inventory: devices }),
    ztnaClientEnrolment: new ClientEnrolmentService(db),
    ztnaSessionLogs,
    nac,
    clientUpdates: new ClientUpdateService(db, ztnaChanges, (tx, tenantId) => loadTenantZtna(tx, tenantId, { countries })),
    devices,
    deviceConfig,
    configTemplates: new TemplateService(db, configPushes, sectionProviders),
    deviceStatus: new DeviceStatusService(db, jobs),
    diagnostics,
    diagnosticIntake,
    alarms,
    channels: new ChannelService(db, webhookTargets),
    tenantData: new TenantDataService(db),
    networks: new NetworkService(db, bus, deviceConfig),
    team,
    organisations: new OrganisationService(core),
    groups,
    settings: new TenantSettingsService(db),
    profile: new ProfileService(db, sessionEvents),
    logs: new ActivityService(db),
    search: new SearchService(db),
    tours: new TourService(db),
    announcements: new AnnouncementService(db, bus, app.log),
    userQueries: new UserQueryService(db),
    chat: new ChatService(db, bus),
    // A language model when the operator configured one, the built-in engine behind it whatever it does.
    assistant: new AssistantService(db, config.assistant.model ? new ModelEngine(config.assistant.model, builtInEngine, app.log) : builtInEngine),
    helpdesks,
    waf,
    wafPops,
    wafApis,
    wafVulnTests,
    wafBots,
    wafGuard,
    wafIntel,
    wafEvents,
    rumSites,
    rumSourceMaps,
    rumQueries: new RumQueryService(rumSites, rumAnalytics, new RumRawAnalytics(db), rumSourceMaps),
    rumAlerts,
    rumIngest,
    // DEM: applications reach the ZTNA endpoints as their `dem` section; their results come back through the flow ingest.
    dem: new DemService(db, deviceConfig),
    demQueries: new DemQueries(db, demAnalytics, analyticsRetention),
    demAlarms: new DemAlarmJudge(db, demAnalytics, recordDemAlarm, app.log),
    ndr,
    ndrInvestigation: new NdrInvestigation(db, ndr, new NdrEvidenceReader(db)),
    ndrTuning: new NdrTuning(db, (tenantId) => ndrEngine.settingsChanged(tenantId)),
    ndrResponses,
    // IoT: a gateway's batches are stored once, by the agent's batch keys like its flows.
    iot: new IotService(db, iotProfiles, iotSegments),
    iotIngest: new IotIngest(
      db,
      async (tx, gateway, seq) => (await claimBatchKeys(tx, [{ deviceId: gateway.id, enrolment: gateway.enrolment, seq }])).length > 0,
    ),
    iotProfiles,
    iotSegments,
    reports: new ReportService(db, bus, opts.wakeReportWorker),
    scimTokens: new ScimTokenService(db),
    scimUsers: new ScimUserService({ db, sessions: sessionEvents, members: team, ztna: ztnaAccess }),
    scimGroups: new ScimGroupService({ db, groups, ztna: ztnaAccess }),
    ssoSettings: new SsoSettingsService(db, withLabDomains(txtLookup, config.sso.labVerifiedDomains, ssoTxtName, ssoTxtValue), ssoRedirectUri, samlUrls),
    samlSettings: new SamlSettingsService(db, ssoRedirectUri, samlUrls, config.sso.allowHttpIssuers),
    ssoSignIn: new SsoSignInService(db, new OidcClients(config.sso.allowHttpIssuers), saml, ssoProvisioning, core.sessions, ssoRedirectUri),
  };
  return {
    services,
    engines: {
      analyticsStore,
      analyticsRetention,
      countries,
      flowIngest,
      flowCollector,
      configPushes,
      autoVpnAddresses,
      webFilterSections,
      ztnaSections: ztna,
      wafSections,
      demSections,
      webhookTargets,
      rumStore,
      ndrEngine,
    },
  };
}
