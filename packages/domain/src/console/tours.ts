import type { TourId } from './api';

/**
 * The guided tours of spec 000 §2.17. Each step points at the element carrying its key in
 * `data-tour` (a space-separated list: a closed menu group also carries the keys of its entries,
 * so the step still points somewhere while the group is shut). A step whose element is not on
 * the page at that moment is skipped.
 */
export interface TourStep {
  /** The `data-tour` value of the element it points at; null for a step that is a dialog only. */
  key: string | null;
  title: string;
  description: string;
  /**
   * 'dialog': the demo tour stops here for the free-trial dialog and resumes on this step after it
   * closes; 'end': the closing dialog, after which the tour ends.
   */
  pause?: 'dialog' | 'end';
}

/** Spec 000 §2.17: the SD-WAN tour waits this long before its first step, so the page has settled. */
export const TOUR_START_DELAY_MS = 200;
/** Spec 000 §2.7, §9: a dashboard without devices starts its tour this long after loading. */
export const DASHBOARD_TOUR_DELAY_MS = 1_000;
/** Spec 001 §9: the demo tour starts this long after the demo account signs in. */
export const DEMO_TOUR_START_DELAY_MS = 2_000;
/** Spec 001 §9: after the free-trial dialog closes the demo tour goes on this much later. */
export const TOUR_RESUME_DELAY_MS = 300;
/** Spec 001 §9: Sign Up in the free-trial dialog leads to sign-up this long after it is chosen. */
export const SIGN_UP_NAVIGATION_DELAY_MS = 1_000;

export const FREE_TRIAL_DIALOG_TITLE = 'Explore Simplified Zero Trust Access with Web Filtering';

const step = (key: string | null, title: string, description: string, pause?: TourStep['pause']): TourStep =>
  pause ? { key, title, description, pause } : { key, title, description };

const header = {
  search: step('search', 'Search', 'Press s or click here to jump to any page, device, user or policy by name.'),
  notifications: step('notifications', 'Notifications', 'Alarms of your devices arrive here as they happen: Alerting, then OK once they clear.'),
  support: step('support', 'Support', 'Raise a ticket with our support team or follow the ones you raised.'),
  settings: step('settings', 'Settings', "Choose what the dashboards show: usage graphs, URL stats, VPN status and the tenant's options."),
  docs: step('docs', 'Docs', 'The product documentation, opened in a new tab.'),
  liveChat: step('liveChat', 'Live Chat', 'Talk to your team or to our support engineers without leaving the console.'),
  profile: step('profile', 'Profile', 'Your profile, two-factor sign-in, organisation settings and Log out.'),
};

/** Spec 000 §2.17: the SD-WAN tour, 18 steps. */
export const SDWAN_TOUR: readonly TourStep[] = [
  step('home', 'Dashboard', 'Your fleet at a glance: device counts, the map, traffic and every gateway with its links.'),
  step('sdWan', 'SD-WAN Gateway', 'Configure the selected gateway: interfaces, routes, SD-WAN rules, VPNs, firewall, QoS and its services.'),
  step('globalMonitor', 'Monitor', 'Watch the selected gateway: routes, interfaces, SLA, IPsec, firewall and its alarms.'),
  step('logs', 'Logs', 'Who signed in and what they changed, kept for your audits.'),
  step('teams', 'Teams', 'The people of your organisation and the groups they belong to.'),
  step('teamusers', 'Users', 'Invite users, choose their role and see who is active.'),
  step('group', 'Groups', 'Gather users into groups to give them access together.'),
  step('ndr', 'NDR', 'Network detection and response: threats found in your traffic.'),
  step('organization', 'Organization', 'Everything that spans your whole fleet rather than one device.'),
  step('inventory', 'Inventory', 'Every device of the organisation: approve new ones, move them between groups.'),
  step('monitor', 'Organization Monitor', 'VPN status, alarms, BGP and interfaces across all gateways at once.'),
  step('systemTools', 'System Tools', 'Notification channels, reports and other tools for the whole organisation.'),
  step('configTemplates', 'Config Templates', 'Write a configuration once and apply it to many gateways.'),
  header.search,
  step('network', 'Device Groups', 'Narrow the console to one device group, or see all of them.'),
  step('device', 'Device', 'Pick the gateway that the configuration and monitor pages work on.'),
  header.notifications,
  header.profile,
];

const ztnaMenu = {
  dashboard: step('dashboard', 'Dashboard', 'Your endpoints and users at a glance, with where they connect from.'),
  endpointProfiles: step('endpointProfiles', 'Endpoint Profiles', 'Profiles tell the MicroZAccess client how each endpoint connects.'),
  teams: step('teams', 'Teams', 'The people of your organisation and the groups they belong to.'),
  users: step('teamusers', 'Users', 'Invite users, choose their role and see who is active.'),
  groups: step('group', 'Groups', 'Gather users into groups to give them access together.'),
  organization: step('organization', 'Organization', 'Everything that spans your whole organisation: devices, servers, policies.'),
  inventory: step('inventory', 'Inventory', 'Every enrolled endpoint and the ones waiting for approval.'),
  servers: step('servers', 'Servers', 'Onboard the servers and app connectors your users reach through zero trust.'),
  configure: step('configure', 'Configure', 'Security groups, overlay access and data-protection settings.'),
  policies: step('policies', 'Policies', 'Who may reach which server, with which device posture: the first matching rule decides.'),
  webFiltering: step('webFilter', 'Web Filtering', 'Allow or block websites by category, URL or IP address for your users.'),
  overlayServers: step('overlayServers', 'Overlay Servers', 'The relays that carry encrypted traffic between endpoints and servers.'),
  logs: step('logs', 'Logs', 'Sign-ins, changes, web-filter decisions and zero-trust sessions.'),
};

const ztnaEnd = {
  deviceGroups: step('network', 'Device Groups', 'Narrow the console to one device group, or see all of them.'),
  deviceList: step('deviceList', 'Device List', 'Every device with its status; open one to see its details.'),
};

/** Spec 000 §2.17: the ZTNA dashboard tour, 22 named items. */
export const ZTNA_TOUR: readonly TourStep[] = [
  ...Object.values(ztnaMenu),
  header.search,
  ztnaEnd.deviceGroups,
  ztnaEnd.deviceList,
  header.notifications,
  header.support,
  header.settings,
  header.docs,
  header.liveChat,
  header.profile,
];

/**
 * Spec 000 §2.17: the demo / free-trial tour. It stops for the free-trial dialog at total devices
 * and search, and ends with the closing dialog.
 */
export const DEMO_TOUR: readonly TourStep[] = [
  ...Object.values(ztnaMenu),
  step('totalDevices', 'Total Devices', 'How many devices your organisation has enrolled.', 'dialog'),
  step('onlineDevices', 'Online Devices', 'How many of them are connected right now.'),
  step('totalUsers', 'Total Users', 'How many users your organisation has.'),
  step('onlineUsers', 'Online Users', 'How many of them are connected right now.'),
  step('map', 'Location Map', 'Where your devices are: green when online, red when offline.'),
  step('statusVisibility', 'Status and Visibility', 'What your users reach: top sites, applications and web-filter decisions.'),
  { ...header.search, pause: 'dialog' },
  ztnaEnd.deviceGroups,
  ztnaEnd.deviceList,
  header.notifications,
  header.support,
  header.settings,
  header.docs,
  header.liveChat,
  header.profile,
  step(null, 'You have seen the essentials', 'Sign up to bring your own devices and users.', 'end'),
];

export const TOURS: Record<TourId, readonly TourStep[]> = { sdwan: SDWAN_TOUR, ztna: ZTNA_TOUR, demo: DEMO_TOUR };

/** The CSS selector of a step's element: one of the space-separated keys in `data-tour`. */
export const tourSelector = (key: string): string => `[data-tour~="${key}"]`;
