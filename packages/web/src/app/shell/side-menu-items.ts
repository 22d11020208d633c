import {
  IconBuildingSkyscraper,
  IconCompass,
  IconCrown,
  IconHeadset,
  IconDeviceDesktopAnalytics,
  IconFileText,
  IconLayoutDashboard,
  IconMessages,
  IconNetwork,
  IconRouter,
  IconShieldLock,
  IconTemplate,
  IconUsers,
  IconWorldWww,
  IconChartBar,
  IconAlertTriangle,
  IconApi,
  IconRobot,
  IconGauge,
  IconActivityHeartbeat,
  IconRadar,
  IconDevices,
  IconShieldX,
  IconCpu,
  type Icon,
} from '@tabler/icons-react';
import type { ProductKey } from '@netloom/domain';
import { paths } from '@/paths';

export interface MenuEntry {
  label: string;
  icon: Icon;
  to?: string;
  children?: { label: string; to: string; tour?: string }[];
  /** Not built yet: shown so the menu matches the product, but not clickable. */
  soon?: boolean;
  /** Where the guided tours point (`data-tour`); a group also carries its entries' keys. */
  tour?: string;
  /** Starts the active product's guided tour instead of leading somewhere. */
  quickTour?: boolean;
  /** Opens or closes the live chat box (with its unread count). */
  liveChat?: boolean;
}

interface MenuContext {
  product: ProductKey | null;
  isSuperAdmin: boolean;
  /** The provider's support engineer: the desk, nothing of a tenant's unless they are its member. */
  isSupportEngineer?: boolean;
  tenantSelected: boolean;
  showLogs: boolean;
  /** Owners, admins and super admins: the notification channels. */
  canManage: boolean;
}

/** Side menu of spec 000 §2.16 for the active product; tenant-only entries need a tenant. */
export function sideMenuEntries({ product, isSuperAdmin, isSupportEngineer = false, tenantSelected, showLogs, canManage }: MenuContext): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (tenantSelected && product) {
    // The tenant's dashboard settings live under Dashboard (spec 000 §2.12).
    entries.push({
      label: 'Dashboard',
      icon: IconLayoutDashboard,
      tour: 'home dashboard',
      children: [
        { label: 'Overview', to: paths.product.dashboard(product) },
        { label: 'Settings', to: paths.settings.dashboardSettings },
        // Owners and admins arrange the dashboard's widgets; the others would only see it read-only.
        // DEM's, NDR's and IoT Gateway's overviews are their own pages, not boards of widgets: nothing there to arrange.
        ...(canManage && product !== 'dem' && product !== 'ndr' && product !== 'iot-gateway'
          ? [{ label: 'Customize', to: paths.product.customizeDashboard(product) }]
          : []),
      ],
    });
    if (product === 'ztna') {
      entries.push({
        label: 'MicroZAccess',
        icon: IconShieldLock,
        children: [
          { label: 'Endpoint Profiles', to: `${paths.product.deviceConfigure('ztna')}/overlay-mesh-vpn`, tour: 'endpointProfiles' },
          { label: 'Endpoint Status', to: paths.product.mzaStatus('ztna') },
          { label: 'Get MicroZAccess', to: paths.getMicroZAccess },
        ],
      });
    }
    if (product === 'sdwan') {
      entries.push({
        label: 'SD-WAN Gateway',
        icon: IconRouter,
        tour: 'sdWan',
        children: [
          { label: 'Configure', to: paths.product.deviceConfigure('sdwan') },
          { label: 'Overview', to: paths.product.deviceOverview },
          { label: 'Monitor', to: paths.product.deviceStatus('sdwan'), tour: 'globalMonitor' },
          { label: 'SLA', to: paths.product.slaStatus },
          { label: 'Netflow', to: paths.product.netflow('topProtocols') },
          { label: 'WAN traffic', to: paths.product.wanTraffic },
          { label: 'Alarms', to: paths.product.deviceAlarms('device') },
          { label: 'BGP', to: paths.product.deviceBgp },
          { label: 'Logs', to: paths.product.deviceLogs },
          { label: 'Diagnostics', to: paths.product.diagnostics() },
        ],
      });
    }
    if (product === 'waf') entries.push(...wafMenu());
    if (product === 'dem') entries.push(...demMenu(canManage));
    if (product === 'rum') entries.push(...rumMenu(canManage));
    if (product === 'ndr') entries.push(...ndrMenu(canManage));
    if (product === 'iot-gateway') entries.push(...iotMenu());
    if (product === 'sdwan' || product === 'ztna') {
      entries.push(
        { label: 'Network / Device Groups', icon: IconNetwork, to: paths.product.network(product) },
        {
          label: 'Teams',
          icon: IconUsers,
          tour: 'teams',
          children: [
            { label: 'Users', to: paths.product.teamsUsers(product), tour: 'teamusers' },
            { label: 'Groups', to: paths.product.teamsGroups(product), tour: 'group' },
          ],
        },
        {
          label: 'Organization',
          icon: IconBuildingSkyscraper,
          tour: 'organization',
          children:
            product === 'ztna'
              ? [
                  { label: 'Inventory', to: paths.product.inventory(product), tour: 'inventory' },
                  { label: 'Onboarding', to: `${paths.product.organization(product)}/onboarding`, tour: 'servers' },
                  { label: 'DNS', to: paths.ztna.dns },
                  { label: 'Configure', to: paths.ztna.overlay('security-group'), tour: 'configure' },
                  { label: 'Policies', to: `${paths.product.organization(product)}/policies`, tour: 'policies' },
                  { label: 'NAC', to: paths.product.nac(product) },
                  ...(canManage ? [{ label: 'Report generation', to: paths.product.reportGeneration(product) }] : []),
                ]
              : [
                  { label: 'Inventory', to: paths.product.inventory(product), tour: 'inventory' },
                  { label: 'VPN status', to: paths.product.vpnStatus, tour: 'monitor' },
                  { label: 'Alarms', to: paths.product.organisationAlarms },
                  { label: 'BGP', to: paths.product.tenantBgp },
                  { label: 'Interfaces', to: paths.product.globalInterfaces },
                  ...(canManage ? [{ label: 'Notifications', to: paths.product.notificationChannels, tour: 'systemTools' }] : []),
                  ...(canManage ? [{ label: 'Report generation', to: paths.product.reportGeneration(product) }] : []),
                  { label: 'Configure', to: paths.product.networkConfigure(product) },
                ],
        },
      );
      // Spec 000 §2.16 'Web filter (conditional)': a ZTNA product's, for a selected tenant.
      if (product === 'ztna') {
        entries.push({
          label: 'Web filter',
          icon: IconWorldWww,
          tour: 'webFilter',
          children: [
            { label: 'URL Filtering', to: paths.ztnaWebFilter.urlBased },
            { label: 'IP Filtering', to: paths.ztnaWebFilter.ipBased },
            { label: 'Reports', to: paths.ztnaReports('url-rules') },
          ],
        });
      }
      if (product === 'sdwan') {
        entries.push({ label: 'Config Templates', icon: IconTemplate, to: paths.product.configTemplates(product), tour: 'configTemplates' });
      }
      // Only those who may read the logs are shown the entry (owners, admins, super admins).
      if (showLogs) {
        entries.push({
          label: 'Logs',
          icon: IconFileText,
          tour: 'logs',
          children: [
            { label: 'Login Logs', to: paths.product.loginLogs(product) },
            { label: 'Activity Logs', to: paths.product.activityLogs(product) },
          ],
        });
      }
    }
    // The guided tours are the SD-WAN and ZTNA consoles' (spec 000 §2.17).
    if (product === 'sdwan' || product === 'ztna') entries.push({ label: 'Quick Tour', icon: IconCompass, quickTour: true });
    // The tenant's chat (spec 000 §2.20), from every product's console.
    entries.push({ label: 'Live Chat', icon: IconMessages, liveChat: true, tour: 'liveChat' });
  }
  if (isSuperAdmin) {
    entries.push({
      label: 'Super Admin',
      icon: IconCrown,
      children: [
        { label: 'Tenants', to: paths.superAdmin.tenant },
        { label: 'Customers', to: paths.superAdmin.customers },
        { label: 'Announcements', to: paths.superAdmin.announcements },
        { label: 'WAF POPs', to: paths.superAdmin.wafPops },
        { label: 'User Queries', to: paths.userQueries },
        { label: 'Support desk', to: paths.tickets.desk },
        { label: 'Support Chat', to: paths.supportChat },
      ],
    });
  } else if (isSupportEngineer) {
    entries.push({ label: 'Support desk', icon: IconHeadset, to: paths.tickets.desk });
    entries.push({ label: 'Support Chat', icon: IconMessages, to: paths.supportChat });
  }
  if (entries.length === 0) entries.push({ label: 'Dashboard', icon: IconDeviceDesktopAnalytics, to: paths.root });
  return entries;
}

/** QShield's menu (spec 000 §2.16 WAF menu), in the spec's order. */
function wafMenu(): MenuEntry[] {
  return [
    {
      label: 'Threat Analytics',
      icon: IconChartBar,
      children: [
        { label: 'Backend WAF', to: paths.waf.backendWaf },
        { label: 'Compliance Status', to: paths.waf.compliance },
        { label: 'API Discovery', to: paths.waf.apiDiscovery },
        { label: 'GraphQL', to: paths.waf.graphql },
        { label: 'Log', to: paths.waf.log },
      ],
    },
    {
      label: 'Events',
      icon: IconAlertTriangle,
      children: [
        { label: 'Attacks', to: paths.waf.attacks },
        { label: 'Vulnerabilities', to: paths.waf.vulnerabilities },
      ],
    },
    {
      label: 'API Security',
      icon: IconApi,
      children: [
        { label: 'API Inventory', to: paths.waf.apiInventory },
        { label: 'API Discovery', to: paths.waf.apiDiscoverySettings },
        { label: 'Diff Logs', to: paths.waf.diffLogs },
        { label: 'Shadow API', to: paths.waf.shadowApi },
        { label: 'Zero-Trust API', to: paths.waf.zeroTrustApi },
        { label: 'Vulnerability Testing', to: paths.waf.vulnTesting },
      ],
    },
    {
      label: 'Bot',
      icon: IconRobot,
      children: [
        { label: 'Dashboard', to: paths.waf.botDashboard },
        { label: 'API Abuse Protection', to: paths.waf.apiAbuse },
        { label: 'Auth Abuse Protection', to: paths.waf.authAbuse },
      ],
    },
    {
      label: 'Organization',
      icon: IconBuildingSkyscraper,
      children: [
        { label: 'Onboard', to: paths.waf.onboard },
        { label: 'WAF Policy', to: paths.waf.policy },
        { label: 'Policy as Code', to: paths.waf.pac },
        { label: 'Threat Intel', to: paths.waf.threatIntel },
        { label: 'DDoS', to: paths.waf.ddos },
        { label: 'DPoP', to: paths.waf.dpop },
      ],
    },
  ];
}

/** DEM's menu: the scores by what they group, and the monitored applications with where alarms go. */
function demMenu(canManage: boolean): MenuEntry[] {
  return [
    {
      label: 'Experience scores',
      icon: IconGauge,
      children: [
        { label: 'By application', to: paths.dem.scores('application') },
        { label: 'By user', to: paths.dem.scores('user') },
        { label: 'By location', to: paths.dem.scores('location') },
        { label: 'By network', to: paths.dem.scores('network') },
      ],
    },
    { label: 'Alarms', icon: IconAlertTriangle, to: paths.dem.alarms },
    {
      label: 'Organization',
      icon: IconBuildingSkyscraper,
      children: [
        { label: 'Monitored applications', to: paths.dem.applications },
        // Channels are owners' and admins' (as on the other consoles).
        ...(canManage ? [{ label: 'Notifications', to: paths.dem.notifications }] : []),
      ],
    },
  ];
}

/** RUM's menu: the page's two tabs (spec 000 §2.13) with their sections, and where its alerts go. */
function rumMenu(canManage: boolean): MenuEntry[] {
  return [
    {
      label: 'Real-user monitoring',
      icon: IconActivityHeartbeat,
      children: [
        { label: 'App site', to: paths.rum.tab('app') },
        { label: 'Website', to: paths.rum.tab('website') },
      ],
    },
    {
      label: 'Organization',
      icon: IconBuildingSkyscraper,
      children: [
        { label: 'App sites', to: paths.rum.tab('app', 'sites') },
        { label: 'Websites', to: paths.rum.tab('website', 'sites') },
        // Channels are owners' and admins' (as on the other consoles).
        ...(canManage ? [{ label: 'Notifications', to: paths.rum.notifications }] : []),
      ],
    },
  ];
}

/** NDR's menu: the detections, the hosts at risk, the response actions, and the rules with where alarms go. */
function ndrMenu(canManage: boolean): MenuEntry[] {
  return [
    { label: 'Detections', icon: IconRadar, to: paths.ndr.detections },
    { label: 'Hosts at risk', icon: IconDevices, to: paths.ndr.hosts },
    { label: 'Response actions', icon: IconShieldX, to: paths.ndr.actions },
    {
      label: 'Organization',
      icon: IconBuildingSkyscraper,
      children: [
        { label: 'Detection rules', to: paths.ndr.rules },
        // Channels are owners' and admins' (as on the other consoles).
        ...(canManage ? [{ label: 'Notifications', to: paths.ndr.notifications }] : []),
      ],
    },
  ];
}

/** IoT Gateway's menu: the discovered devices, and the segments and forwarding rules under Organization. */
function iotMenu(): MenuEntry[] {
  return [
    { label: 'Devices', icon: IconCpu, to: paths.iot.devices },
    {
      label: 'Organization',
      icon: IconBuildingSkyscraper,
      children: [
        { label: 'Segments', to: paths.iot.segments },
        { label: 'Forwarding rules', to: paths.iot.forwardRules },
      ],
    },
  ];
}
