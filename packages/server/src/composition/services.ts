import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../bus/event-bus';
import type { SessionEvents } from '../http/principal-cache';
import type { Mailer } from '../mail/mailer';
import type { AccountService } from '../modules/auth/account';
import type { LoginService } from '../modules/auth/login';
import type { LoginLimiters } from '../modules/auth/login-limiter';
import type { SocialSignupService } from '../modules/auth/social-signup';
import type { SessionService } from '../modules/auth/sessions';
import type { TwoFactorService } from '../modules/auth/two-factor';
import type { TokenService } from '../modules/auth/tokens';
import type { TrafficService } from '../modules/traffic/service';
import type { FlowExporterService } from '../modules/traffic/exporter-service';
import type { WebFilterAnalytics, WebFilterService } from '../modules/web-filter/index';
import type {
  ThreatIntelService,
  WafApiSecurityService,
  WafVulnTestService,
  WafBotService,
  WafEventsService,
  WafGuardService,
  WafPopService,
  WafService,
} from '../modules/waf/index';
import type { RumAlertService, RumIngest, RumQueryService, RumSiteService, RumSourceMapService } from '../modules/rum/index';
import type { ClientUpdateService, NacService, ZtnaSessionLogs } from '../modules/ztna-activity/index';
import type { DemAlarmJudge, DemQueries, DemService } from '../modules/dem/index';
import type { NdrInvestigation, NdrResponses, NdrService, NdrTuning } from '../modules/ndr/index';
import type { IotIngest, IotProfiles, IotSegments, IotService } from '../modules/iot/index';
import type {
  ClientEnrolmentService,
  EndpointProfileService,
  InventoryService,
  OnboardingService,
  OverlayService,
  PolicyService,
  ResourceService,
  ZtnaRecommit,
} from '../modules/ztna/index';
import type { ActivityService } from '../modules/activity/service';
import type { AlarmService } from '../modules/alarms/service';
import type { ChannelService } from '../modules/alarms/channels-service';
import type { ConfigService } from '../modules/config/service';
import type { JobQueue } from '../modules/jobs/index';
import type { TemplateService } from '../modules/config/templates-service';
import type { DeviceStatusService } from '../modules/device-status/service';
import type { DiagnosticIntake, DiagnosticsService } from '../modules/diagnostics/index';
import type { DeviceService } from '../modules/devices/service';
import type { TenantDataService } from '../modules/devices/tenant-data';
import type { GroupService } from '../modules/groups/service';
import type { NetworkService } from '../modules/networks/service';
import type { OrganisationService } from '../modules/organisations/service';
import type { ProfileService } from '../modules/profile/service';
import type { TeamService } from '../modules/users/service';
import type { TenantSettingsService } from '../modules/tenant-settings/service';
import type { SearchService } from '../modules/search/service';
import type { TourService } from '../modules/tours/service';
import type { AnnouncementService } from '../modules/announcements/service';
import type { UserQueryService } from '../modules/user-queries/service';
import type { HelpdeskTickets, SupportDesk, TicketHelpdeskSync } from '../modules/tickets/index';
import type { ChatService } from '../modules/chat/service';
import type { AssistantService } from '../modules/assistant/service';
import type { HelpdeskIntegrationService } from '../modules/helpdesks/service';
import type { ReportService } from '../modules/reports/service';
import type { ScimGroupService, ScimTokenService, ScimUserService } from '../modules/scim/index';
import type { SamlSettingsService, SsoSettingsService, SsoSignInService } from '../modules/sso/index';
import type { IssuedSession } from '../modules/auth/sessions';

/** What the composition root builds first (core-services.ts): the services the module services below are built from. */
export interface CoreServices {
  config: Config;
  /** For what fails after an answer is decided (a mail after its commit). */
  log: FastifyBaseLogger;
  db: Db;
  mailer: Mailer;
  /** Live events between modules and instances (memory, or Redis with REDIS_URL). */
  bus: EventBus;
  tokens: TokenService;
  sessions: SessionService;
  login: LoginService;
  /** Sign-in budgets: per account (passwords, second factors) and per client address (the sign-in routes). */
  loginLimiters: LoginLimiters;
  socialSignup: SocialSignupService;
  account: AccountService;
  twoFactor: TwoFactorService;
  /** Announce revoked sessions and changed users (role, 2FA, deactivation) to every instance. */
  sessionEvents: SessionEvents;
}

/**
 * Every service, built once by the composition root. A module plugin is handed only what its own
 * options declare (routes.ts); the whole set is the app's `services` decoration, for the demo and tests.
 */
export interface Services extends CoreServices {
  /** Devices' work: jobs queued by purpose, delivered by the agent gateway, closed by the devices' answers. */
  jobs: JobQueue;
  devices: DeviceService;
  /** Device configuration: revisions, pushes, rollback. */
  deviceConfig: ConfigService;
  configTemplates: TemplateService;
  deviceStatus: DeviceStatusService;
  /** A gateway's diagnostics from the console, and what the devices send of them. */
  diagnostics: DiagnosticsService;
  diagnosticIntake: DiagnosticIntake;
  /** Alert history and the notification bell. */
  alarms: AlarmService;
  /** Where alarms are sent besides the bell (e-mail, webhooks). */
  channels: ChannelService;
  tenantData: TenantDataService;
  networks: NetworkService;
  team: TeamService;
  organisations: OrganisationService;
  groups: GroupService;
  settings: TenantSettingsService;
  profile: ProfileService;
  /** The activity logs (audit and alert). */
  logs: ActivityService;
  /** Traffic analytics: the top-N charts and the flows behind them. */
  traffic: TrafficService;
  /** Which device a router's NetFlow v9 / IPFIX export counts for (the flow collector's directory). */
  flowExporters: FlowExporterService;
  /** Web filtering: policies and settings pushed through the configuration engine. */
  webFilter: WebFilterService;
  /** The web filter's charts, logs, reports and log retention. */
  webFilterAnalytics: WebFilterAnalytics;
  /** QShield: protected applications and their policies, pushed to the WAF edges through the configuration engine. */
  waf: WafService;
  /** The provider's shared WAF POPs (super admins). */
  wafPops: WafPopService;
  /** QShield's API security: OpenAPI documents and the inventory against the traffic. */
  wafApis: WafApiSecurityService;
  /** API security's vulnerability tests, run by the edges as device jobs. */
  wafVulnTests: WafVulnTestService;
  /** QShield's bot protection: the dashboard, settings, the classes' managed lists and API abuse. */
  wafBots: WafBotService;
  /** QShield's API guard as the edges report it: GraphQL operations and authentication abuse. */
  wafGuard: WafGuardService;
  /** QShield's threat-intel lists and their feeds. */
  wafIntel: ThreatIntelService;
  /** QShield's attacks, access log, dashboard and compliance. */
  wafEvents: WafEventsService;
  /** RUM: the organisation's websites and apps and their snippets. */
  rumSites: RumSiteService;
  /** RUM: source maps per release, and the stacks they resolve. */
  rumSourceMaps: RumSourceMapService;
  /** RUM: the RUM page's queries (vitals, breakdowns, slowest pages, errors, sessions). */
  rumQueries: RumQueryService;
  /** RUM: alerts on a vital's p75, delivered through the notification channels. */
  rumAlerts: RumAlertService;
  /** RUM: the public beacon ingest (batched, stored before it answers). */
  rumIngest: RumIngest;
  /** DEM: the monitored applications, pushed to the ZTNA endpoints that test them. */
  dem: DemService;
  /** DEM's scores, trends, users affected and raw results. */
  demQueries: DemQueries;
  /** DEM's alarms, judged as an endpoint's results are stored. */
  demAlarms: DemAlarmJudge;
  /** NDR: detections stored and read (record() takes other products' too), a host's story, triage and tuning, response actions. */
  ndr: NdrService;
  ndrInvestigation: NdrInvestigation;
  ndrTuning: NdrTuning;
  ndrResponses: NdrResponses;
  /** IoT Gateway: the discovered devices, their telemetry, corrections and forwarding rules. */
  iot: IotService;
  /** What IoT gateways report over the device protocol. */
  iotIngest: IotIngest;
  /** The per-class communication profiles, learnt from flows, and their deviations. */
  iotProfiles: IotProfiles;
  /** Segments fencing devices on their gateways. */
  iotSegments: IotSegments;
  /** Zero trust: endpoint profiles, pushed through the configuration engine like every zero-trust change. */
  ztnaProfiles: EndpointProfileService;
  /** Servers with their data protection, app connectors and relays. */
  ztnaResources: ResourceService;
  /** DNS groups, security groups and the overlay settings. */
  ztnaOverlay: OverlayService;
  /** Access policies in order and the "who can reach what" tool. */
  ztnaPolicies: PolicyService;
  /** Enrolment keys and invitations. */
  ztnaOnboarding: OnboardingService;
  /** The inventory of clients: approve, reject or revoke, let in again. */
  ztnaInventory: InventoryService;
  ztnaClientEnrolment: ClientEnrolmentService;
  /** How a zero-trust change reaches the devices (lock, recommit, announce). */
  ztnaRecommit: ZtnaRecommit;
  /** Zero-trust session logs (what endpoints report) and their retention. */
  ztnaSessionLogs: ZtnaSessionLogs;
  /** Hosts the gateways see on the tenant's networks, and the decisions pushed to the gateways. */
  nac: NacService;
  /** Staged client updates and their progress from what the clients report. */
  clientUpdates: ClientUpdateService;
  /** The header search over the tenant's objects. */
  search: SearchService;
  /** Which guided tours each user finished. */
  tours: TourService;
  /** Super admins' announcements to tenants' users. */
  announcements: AnnouncementService;
  /** Questions sent to the provider from the public pages and the crash page. */
  userQueries: UserQueryService;
  /** Tenants' support tickets in the built-in helpdesk (raise, follow, answer). */
  tickets: HelpdeskTickets;
  /** The provider's desk: every tenant's tickets for super admins and support engineers. */
  supportDesk: SupportDesk;
  /** Live chat: each tenant's users with their admins, and its owners and admins with the provider's support. */
  chat: ChatService;
  /** The assistant: described requests read into web-filter policies and endpoint profiles to confirm. */
  assistant: AssistantService;
  /** Sends tickets to connected helpdesks and reads their status and replies back (an outbox: any instance, retried). */
  ticketSync: TicketHelpdeskSync;
  /** The external helpdesk (Zendesk, Freshdesk, Jira Service Management) each tenant's tickets go to, if any. */
  helpdesks: HelpdeskIntegrationService;
  /** Generated reports (made in the background) and their schedules. */
  reports: ReportService;
  /** Identity providers' provisioning tokens, and the users and groups they push over SCIM 2.0. */
  scimTokens: ScimTokenService;
  scimUsers: ScimUserService;
  scimGroups: ScimGroupService;
  /** Single sign-on set-up: providers, verified domains, group mappings, the SSO policy. */
  ssoSettings: SsoSettingsService;
  samlSettings: SamlSettingsService;
  /** Single sign-on itself: the way to the provider and back to a Netloom session. */
  ssoSignIn: SsoSignInService<IssuedSession>;
}
