import type { ProductKey } from '@netloom/domain';

/** Every console URL in one place: routes, links and redirects all read from here. */
export const paths = {
  root: '/',
  auth: {
    root: '/auth',
    login: '/auth/login',
    signUp: '/auth/sign-up',
    forgotPassword: '/auth/forgotPassword',
    /** Sign-in with a demo account: the demo tour follows (spec 000 §2.17). */
    freeTrial: '/auth/free-trial',
    /** A verified Google account with no Netloom account creates its organisation here. */
    socialSignup: '/auth/social-signup',
    /** The MicroZAccess client's sign-in in the browser (spec 000 §2.9). */
    microZAccess: '/auth/microZAccess',
    /** Where identity providers send the browser back after single sign-on (the redirect URI, SSO_CALLBACK_PATH). */
    sso: '/auth/sso',
  },
  legacyLogin: '/login',
  legacySignUp: '/sign-up',
  resetPassword: '/resetpwd',
  activate: '/activate',
  loading: '/loading',
  notFound: '/404',
  somethingWentWrong: '/something-went-wrong',
  announcements: '/announcements',
  guestClient: '/microzaccess-client',
  superAdmin: {
    root: '/superAdmin',
    tenant: '/superAdmin/tenant',
    monitor: (tenantId: string) => `/superAdmin/tenant/${tenantId}/monitor`,
    customers: '/superAdmin/customers',
    /** Where super admins post announcements for tenants. */
    announcements: '/superAdmin/announcements',
    /** Every tenant's WAF edges, and which are shared as POPs. */
    wafPops: '/superAdmin/waf-pops',
  },
  settings: {
    profile: '/settings/profile',
    dashboardSettings: '/settings/dashboard-settings',
    organisation: '/settings/organisation',
    /** Organisation single sign-on: identity providers, domains, group mappings (owners). */
    sso: '/settings/single-sign-on',
  },
  tenantSettings: '/tenant-settings',
  support: '/support',
  userQueries: '/user-queries',
  /** Support tickets (spec 000 header: support/ticket/{method}, support/ticket/helpdesk/trackTicket, support/ticketRaise). */
  tickets: {
    raise: '/support/ticketRaise',
    /** The raise form of a ticket method; `helpdesk` is the built-in desk. */
    method: (method = 'helpdesk') => `/support/ticket/${method}`,
    track: '/support/ticket/helpdesk/trackTicket',
    /** The provider's support desk (super admins, support engineers). */
    desk: '/support/desk',
  },
  /** Super admins: every tenant's chat with the provider. */
  supportChat: '/support-chat',
  teams: '/teams',
  teamsUsers: '/teams/users',
  teamsUserDetails: (id: string) => `/teams/users/details/${id}`,
  teamsGroups: '/teams/groups',
  logs: '/logs',
  loginLogs: '/logs/login-logs',
  activityLogs: '/logs/activity-logs',
  product: {
    root: (p: ProductKey) => `/${p}`,
    dashboard: (p: ProductKey) => `/${p}/dashboard`,
    customizeDashboard: (p: ProductKey) => `/${p}/tenant-customize-dashboard`,
    network: (p: ProductKey) => `/${p}/network`,
    /** Network → Configure: the device groups, created, renamed and filled here (spec 000 §2.15). */
    networkConfigure: (p: ProductKey) => `/${p}/network/configure`,
    /** Network → Monitor: how each device group stands now. */
    networkMonitor: (p: ProductKey) => `/${p}/network/monitor`,
    deviceGroup: (p: ProductKey, id: string) => `/${p}/network/${id}`,
    deviceConfigure: (p: ProductKey) => `/${p}/device/configure`,
    /** A configuration family's page (`addressing-vlan`, `firewall`…) of a device. */
    configureFamily: (p: ProductKey, route: string, deviceId?: string | null) => `/${p}/device/configure/${route}${deviceId ? `?device=${deviceId}` : ''}`,
    /** The same page on a template (spec: `configtemp/configtempedit/firewall/zones`). */
    templateFamily: (p: ProductKey, route: string, templateId: string) => `/${p}/organization/configtemp/configtempedit/${route}?template=${templateId}`,
    configTemplate: (p: ProductKey, templateId: string) => `/${p}/organization/configtemp/${templateId}`,
    /** A gateway's monitor pages start at its network status (routes). */
    deviceStatus: (p: ProductKey) => (p === 'sdwan' ? '/sdwan/device/status/network/routes' : `/${p}/device/status`),
    /** A gateway's alarm history of one kind (device, wan, performance, ipsec). */
    deviceAlarms: (kind: string, deviceId?: string | null) => `/sdwan/device/status/alarms/${kind}${deviceId ? `?device=${deviceId}` : ''}`,
    /** The organisation's alarms: a device dropdown leading to that device's alarms. */
    organisationAlarms: '/sdwan/organization/monitor/alarms/device',
    deviceBgp: '/sdwan/device/status/bgp',
    /** A gateway's diagnostics (spec 000 §2.16 `device/configure/diagnostics`), opening on a tab (ping, dns, tcpDump, throughput). */
    diagnostics: (tab = 'ping') => `/sdwan/device/configure/diagnostics/${tab}`,
    /** One tab of a gateway's monitor section (`sdwanstatus/qos`), or a monitor page (`bgp`), for a device. */
    deviceStatusOf: (route: string, deviceId: string) => `/sdwan/device/status/${route}?device=${deviceId}`,
    tenantBgp: '/sdwan/organization/monitor/globalBGP',
    globalInterfaces: '/sdwan/organization/monitor/globalInterface',
    vpnStatus: '/sdwan/organization/monitor/vpn-status',
    /** A gateway's overview: its interfaces, system info, CPU and memory graphs. */
    deviceOverview: '/sdwan/device/configure/status/deviceoverview/device-interfaces',
    slaStatus: '/sdwan/device/status/slastatus/interface',
    /** A gateway's netflow page (`topProtocols`, `topTalkers`…) and the SLA page's WAN traffic tab. */
    netflow: (route: string, deviceId?: string | null) => `/sdwan/device/status/netflow/${route}${deviceId ? `?device=${deviceId}` : ''}`,
    wanTraffic: '/sdwan/device/status/slastatus/wantraffic',
    deviceLogs: '/sdwan/device/status/logs',
    /** System tools → Notifications: the e-mail and webhook channels of the alarms. */
    notificationChannels: '/sdwan/organization/systemtools/globalNotification',
    /** System tools → Report generation: reports made in the background, downloads and schedules. */
    reportGeneration: (p: 'sdwan' | 'ztna') => `/${p}/organization/systemtools/reportGeneration`,
    mzaStatus: (p: ProductKey) => `/${p}/mza/status`,
    organization: (p: ProductKey) => `/${p}/organization`,
    inventory: (p: ProductKey) => `/${p}/organization/inventory`,
    configTemplates: (p: ProductKey) => `/${p}/organization/configtemp`,
    /** Config Templates' tabs (spec 000 §2.15 `configtemp (config, udt)`): the templates, and the templates each gateway gets. */
    configTemplatesList: (p: ProductKey) => `/${p}/organization/configtemp/config`,
    deviceTemplates: (p: ProductKey) => `/${p}/organization/configtemp/udt`,
    /** System tools open on their first tool. */
    systemTools: (p: ProductKey) => `/${p}/organization/systemtools`,
    teamsUsers: (p: ProductKey) => `/${p}/teams/users`,
    teamsUserDetails: (p: ProductKey, id: string) => `/${p}/teams/users/details/${id}`,
    teamsGroups: (p: ProductKey) => `/${p}/teams/groups`,
    logs: (p: ProductKey) => `/${p}/logs`,
    loginLogs: (p: ProductKey) => `/${p}/logs/login-logs`,
    activityLogs: (p: ProductKey) => `/${p}/logs/activity-logs`,
    nac: (p: ProductKey) => `/${p}/nac`,
  },
  getMicroZAccess: '/ztna/getmicrozaccess',
  /** The web filter's policy pages (ZTNA › Organization). */
  ztnaWebFilter: {
    root: '/ztna/organization/web-filter',
    urlBased: '/ztna/organization/web-filter/url-based-filtering',
    ipBased: '/ztna/organization/web-filter/ip-based-filtering',
  },
  /** The web filter's reports (`url-rules`, `custom-urls`, `url-discovery`). */
  ztnaReports: (tab: string) => `/ztna/reports/${tab}`,
  ztnaLogsManagement: '/ztna/logs-management',
  /** Every web-filter decision and the proxy's access log, tabs of the ZTNA logs. */
  ztnaWebFilterLogs: '/ztna/logs/webfilter-logs',
  ztnaSquidLogs: '/ztna/logs/squid-logs',
  /** Where the ZTNA device picker leads from a dashboard: the endpoint profiles (spec 001 §2). */
  ztnaEndpointProfiles: '/ztna/device/configure/overlay-mesh-vpn',
  /** Zero-trust access (ZTNA › MicroZAccess and Organization). */
  ztna: {
    profiles: '/ztna/device/configure/overlay-mesh-vpn',
    profileAssignments: '/ztna/device/configure/overlay-device',
    mzaStatus: '/ztna/mza/status',
    onboarding: (tab: 'client' | 'server' | 'app-connector') => `/ztna/organization/onboarding/${tab}`,
    inventory: (tab: 'enrolled-inventory' | 'approve-inventory' | 'rejected-inventory') => `/ztna/organization/inventory/${tab}`,
    dns: '/ztna/organization/dns',
    overlay: (tab: 'security-group' | 'iao' | 'overlay-mesh-server' | 'group-membership' | 'overlay-access-policy' | 'dpc') =>
      `/ztna/organization/overlay/${tab}`,
    policies: '/ztna/organization/policies',
    nac: '/ztna/nac/nac-available-list',
    clientUpdates: '/ztna/organization/systemtools/mza-update',
    sessionLogs: '/ztna/logs/ztna-session-logs',
  },
  /** QShield's pages (spec 000 §2.16 WAF menu; 'compailnce-status' is the spec's spelling). */
  waf: {
    dashboard: '/waf/dashboard',
    backendWaf: '/waf/threat-analytics/backend-waf',
    compliance: '/waf/threat-analytics/compailnce-status',
    apiDiscovery: '/waf/threat-analytics/api-discovery',
    graphql: '/waf/threat-analytics/graphql',
    log: '/waf/threat-analytics/log',
    attacks: '/waf/events/attacks',
    vulnerabilities: '/waf/events/vulnerabilities',
    apiInventory: '/waf/api-security/api-inventry',
    apiDiscoverySettings: '/waf/api-security/api-discovery',
    diffLogs: '/waf/api-security/diff-logs',
    shadowApi: '/waf/api-security/shadow-api',
    zeroTrustApi: '/waf/api-security/zero-trust-api',
    vulnTesting: '/waf/api-security/vuln-testing',
    botDashboard: '/waf/bot/dashboard',
    apiAbuse: '/waf/bot/api-abuse-protection',
    authAbuse: '/waf/bot/auth-abuse-protection',
    onboard: '/waf/organization/onboard',
    policy: '/waf/organization/waf-policy',
    pac: '/waf/organization/pac',
    threatIntel: '/waf/organization/threat-intel',
    ddos: '/waf/organization/ddos',
    dpop: '/waf/organization/dpop',
  },
  /** DEM: how the workforce experiences the applications it depends on, measured from its endpoints. */
  dem: {
    dashboard: '/dem/dashboard',
    /** Scores per application, user, location or network. */
    scores: (by: 'application' | 'user' | 'location' | 'network' = 'application') => `/dem/scores/${by}`,
    /** One application's score and timings over time, with what degrades it. */
    application: (id: string) => `/dem/applications/${id}`,
    /** The monitored applications: what the endpoints test, how and how often. */
    applications: '/dem/organization/applications',
    /** The e-mail and webhook channels the DEM alarms go to. */
    notifications: '/dem/organization/notifications',
    /** When a user's experience of an application fell under its alarm score, and back. */
    alarms: '/dem/alarms',
  },
  /** RUM: how real users experience the tenant's sites and apps (spec 000 §2.13: a page with two tabs, app site and website). */
  rum: {
    /** A tab (app site or website) and its section: performance, errors, sessions, alerts or sites. */
    tab: (kind: 'app' | 'website', section: 'performance' | 'errors' | 'sessions' | 'alerts' | 'sites' = 'performance') =>
      `/rum/${kind === 'app' ? 'app-site' : 'website'}/${section}`,
    /** One session's journey (the site is in the query, ?site=). */
    session: (kind: 'app' | 'website', sessionId: string) => `/rum/${kind === 'app' ? 'app-site' : 'website'}/sessions/${encodeURIComponent(sessionId)}`,
    /** The e-mail and webhook channels RUM's alerts go to. */
    notifications: '/rum/organization/notifications',
  },
  /** NDR: detections over the tenant's traffic, the hosts at risk, triage, rules and response actions. */
  ndr: {
    dashboard: '/ndr/dashboard',
    /** The detections of a window, filtered by severity, status, tactic and rule (in the query). */
    detections: '/ndr/detections',
    /** One detection: its rule, ATT&CK mapping, evidence, triage and response. */
    detection: (id: string) => `/ndr/detections/${id}`,
    /** The hosts at risk, the riskiest first. */
    hosts: '/ndr/hosts',
    /** One host's timeline (the device that sees it in the query, ?device_id=). */
    host: (ip: string, deviceId?: string | null) => `/ndr/hosts/${ip}${deviceId ? `?device_id=${deviceId}` : ''}`,
    /** The response actions taken: quarantines and blocked destinations. */
    actions: '/ndr/actions',
    /** The detection rules: on or off, parameters and suppressions. */
    rules: '/ndr/organization/rules',
    /** The e-mail and webhook channels NDR's alarms go to. */
    notifications: '/ndr/organization/notifications',
  },
  /** IoT Gateway: the devices the gateways discover on their LANs, their telemetry, and how they are fenced. */
  iot: {
    dashboard: '/iot-gateway/dashboard',
    /** The discovered devices, filtered by gateway, class and search (in the query). */
    devices: '/iot-gateway/devices',
    /** One device: identity, classification, telemetry, profile and segments. */
    device: (id: string) => `/iot-gateway/devices/${id}`,
    /** The segments fencing devices or classes on their gateways. */
    segments: '/iot-gateway/organization/segments',
    /** The rules that turn the gateways' bridged MQTT topics into series. */
    forwardRules: '/iot-gateway/organization/forwarding-rules',
  },
} as const;

/** Places outside the console. */
export const externalLinks = {
  androidClient: 'https://play.google.com/store/apps/details?id=io.netloom.microzaccess',
  /** The free-trial dialog's Schedule a Call: the provider's contact page, in a new window. */
  scheduleCall: 'https://www.netloom.io/contact',
} as const;

/** Everything the console asks the server lives under this prefix (spec 001 §7). */
export const API_BASE = '/api/v1/';
