import { DEVICE_ALARM_KINDS } from '../alarms/kinds';
import { NETFLOW_PAGES } from '../analytics/traffic-api';
import { canManageTenant, canReadConsole, canReadLogs, type Role } from '../rules/roles';
import { CONFIG_PAGES } from './config-pages';

/**
 * The pages the header's search dialog leads to (spec 000 §2.15), grouped as the dialog shows
 * them, and beside the spec's SD-WAN and ZTNA pages those of NDR and the IoT Gateway, so a
 * tenant that has them finds them too. Only pages the console has are listed: the console's
 * route test fails for an entry without its page.
 */
export const SEARCH_GROUPS = ['SD-WAN configure', 'SD-WAN monitor', 'Organization', 'ZTNA', 'NDR', 'IoT Gateway'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export type SearchProduct = 'sdwan' | 'ztna' | 'ndr' | 'iot-gateway';

/**
 * Who is offered an entry, as the side menu and the pages decide it: every console role, those
 * who may read the logs (owners and admins), or those who manage the tenant (owners and admins).
 */
export type SearchAudience = 'console' | 'log-readers' | 'managers';

export interface SearchEntry {
  /** The readable name the dialog shows and the exact-match rule compares ('Firewall › Inbound rules'). */
  label: string;
  group: SearchGroup;
  product: SearchProduct;
  /** The route under the product prefix (`device/configure/staticroutes`). */
  path: string;
  /** An SD-WAN gateway page: refused with 'Please Select Device' while no device is chosen. */
  needsDevice: boolean;
  audience: SearchAudience;
  /** Other words that find it: the spec's route names (`inboundrules`, `mza-update`). */
  keywords: readonly string[];
}

/** Separates a page from its tab in a label. */
export const SEARCH_LABEL_SEPARATOR = '›';

/** The console URL of an entry. */
export const searchEntryHref = (e: Pick<SearchEntry, 'product' | 'path'>): string => `/${e.product}/${e.path}`;

type Tab = readonly [route: string, label: string];

interface PageOptions {
  needsDevice?: boolean;
  audience?: SearchAudience;
  keywords?: readonly string[];
}

function entry(group: SearchGroup, product: SearchProduct, label: string, path: string, opts: PageOptions = {}): SearchEntry {
  // The route's own words find the page too: users of the original know pages by them.
  const routeWords = path.split('/').filter((s) => s.length > 0);
  return {
    label,
    group,
    product,
    path,
    needsDevice: opts.needsDevice ?? false,
    audience: opts.audience ?? 'console',
    keywords: [...routeWords, ...(opts.keywords ?? [])],
  };
}

/** A page and one entry per tab (`{page} › {tab}`), each tab at `{path}/{tab route}`. */
function pageWithTabs(group: SearchGroup, product: SearchProduct, title: string, path: string, tabs: readonly Tab[], opts: PageOptions = {}): SearchEntry[] {
  return [
    entry(group, product, title, path, opts),
    ...tabs.map(([route, label]) => entry(group, product, `${title} ${SEARCH_LABEL_SEPARATOR} ${label}`, `${path}/${route}`, opts)),
  ];
}

// ---------------------------------------------------------------- SD-WAN configure

const gateway: PageOptions = { needsDevice: true };
const configure = (title: string, route: string, tabs: readonly Tab[] = []) =>
  pageWithTabs('SD-WAN configure', 'sdwan', title, `device/configure/${route}`, tabs, gateway);

const SDWAN_CONFIGURE: SearchEntry[] = [
  // Each configuration family's page as its page names it, with its tabs where it has more than one.
  ...CONFIG_PAGES.flatMap((page) => configure(page.title, page.route, page.tabs.length > 1 ? page.tabs.map((t) => [t.route, t.label] as const) : [])),
  // The gateway's own overview sits under configure in the spec's routes (configure/status/…).
  entry('SD-WAN configure', 'sdwan', 'Device Overview', 'device/configure/status/deviceoverview/device-interfaces', gateway),
  ...(
    [
      ['sysInfo', 'System Information'],
      ['cpugraph', 'CPU'],
      ['memorygraph', 'Memory'],
    ] as const
  ).map(([route, label]) =>
    entry('SD-WAN configure', 'sdwan', `Device Overview ${SEARCH_LABEL_SEPARATOR} ${label}`, `device/configure/status/${route}`, gateway),
  ),
];

// ---------------------------------------------------------------- SD-WAN monitor

const monitor = (title: string, route: string, tabs: readonly Tab[] = []) =>
  pageWithTabs('SD-WAN monitor', 'sdwan', title, `device/status/${route}`, tabs, gateway);

const ALARM_TAB_LABELS: Record<(typeof DEVICE_ALARM_KINDS)[number], string> = { device: 'Device', wan: 'WAN', performance: 'Performance', ipsec: 'IPsec' };

const SDWAN_MONITOR: SearchEntry[] = [
  ...monitor('Network Status', 'network', [
    ['routes', 'Routes'],
    ['arptables', 'ARP Table'],
    ['interfaces', 'Interfaces'],
    ['devicestatus', 'Device Status'],
    ['dhcp', 'DHCP Leases'],
  ]),
  ...monitor('SD-WAN Status', 'sdwanstatus', [
    ['rules', 'Rules'],
    ['mwan', 'WAN Links'],
    ['bonding', 'Link Bonding'],
    ['qos', 'QoS Classes'],
    ['vrrp', 'VRRP'],
    ['flowexport', 'Flow Export'],
    ['wireless', 'Wireless'],
    ['acceleration', 'Acceleration'],
  ]),
  ...monitor('IPsec Status', 'ipsec', [
    ['overview', 'Overview'],
    ['statistics', 'Statistics'],
  ]),
  ...monitor('Firewall Status', 'firewallstatus', [
    ['firewall-all', 'Rules'],
    ['ipset', 'IP Sets'],
    ['ids', 'Intrusion Detection'],
  ]),
  ...monitor('URL Filtering Status', 'url-ops', [
    ['urlfilterstatus', 'URL Filter'],
    ['urltracking', 'URL Tracking'],
    ['usagestatus', 'Usage'],
  ]),
  ...monitor('SLA Status', 'slastatus', [
    ['interface', 'Interfaces'],
    ['interfacesingle', 'Single Interface'],
    ['ping', 'Ping'],
    ['wantraffic', 'WAN Traffic'],
    ['linkcomparision', 'Link Comparison'],
    ['linkcomparision2', 'Jitter Comparison'],
  ]),
  ...monitor(
    'Netflow',
    'netflow',
    NETFLOW_PAGES.map((p) => [p.route, p.label] as const),
  ),
  ...monitor(
    'Alarms',
    'alarms',
    DEVICE_ALARM_KINDS.map((k) => [k, ALARM_TAB_LABELS[k]] as const),
  ),
  ...monitor('BGP', 'bgp'),
  ...monitor('Device Logs', 'logs'),
];

// ---------------------------------------------------------------- SD-WAN organization

const organization = (label: string, path: string, opts: PageOptions = {}) => entry('Organization', 'sdwan', label, path, opts);
const managers: PageOptions = { audience: 'managers' };
const logReaders: PageOptions = { audience: 'log-readers' };

const SDWAN_ORGANIZATION: SearchEntry[] = [
  organization('Network / Device Groups', 'network'),
  organization('Customize Dashboard', 'tenant-customize-dashboard', { ...managers, keywords: ['dashboard layout', 'widgets'] }),
  organization('Inventory', 'organization/inventory'),
  organization('VPN Status', 'organization/monitor/vpn-status'),
  organization('Organization Alarms', 'organization/monitor/alarms/device'),
  organization('Global BGP', 'organization/monitor/globalBGP'),
  organization('Global Interfaces', 'organization/monitor/globalInterface'),
  organization('Notification Channels', 'organization/systemtools/globalNotification', managers),
  organization('Report Generation', 'organization/systemtools/reportGeneration', managers),
  organization('Config Templates', 'organization/configtemp'),
  organization(`Teams ${SEARCH_LABEL_SEPARATOR} Users`, 'teams/users'),
  organization(`Teams ${SEARCH_LABEL_SEPARATOR} Groups`, 'teams/groups'),
  ...pageWithTabs(
    'Organization',
    'sdwan',
    'Logs',
    'logs',
    [
      ['login-logs', 'Login Logs'],
      ['activity-logs', 'Activity Logs'],
    ],
    logReaders,
  ),
];

// ---------------------------------------------------------------- ZTNA

const ztna = (label: string, path: string, opts: PageOptions = {}) => entry('ZTNA', 'ztna', label, path, opts);
const ztnaTabs = (title: string, path: string, tabs: readonly Tab[], opts: PageOptions = {}) => pageWithTabs('ZTNA', 'ztna', title, path, tabs, opts);

const ZTNA: SearchEntry[] = [
  ztna('Endpoint Profiles', 'device/configure/overlay-mesh-vpn'),
  // The page asks for an endpoint itself: the device rule of the search is SD-WAN's (spec 000 §5).
  ztna('Endpoint Status', 'mza/status'),
  ztna('Get MicroZAccess', 'getmicrozaccess'),
  ztna('Device Groups', 'network'),
  ztna('Customize Dashboard', 'tenant-customize-dashboard', { ...managers, keywords: ['dashboard layout', 'widgets'] }),
  ztna(`Teams ${SEARCH_LABEL_SEPARATOR} Users`, 'teams/users'),
  ztna(`Teams ${SEARCH_LABEL_SEPARATOR} Groups`, 'teams/groups'),
  ...ztnaTabs('Inventory', 'organization/inventory', [
    ['enrolled-inventory', 'Enrolled'],
    ['approve-inventory', 'Approve'],
  ]),
  ...ztnaTabs('Onboarding', 'organization/onboarding', [
    ['client', 'Clients'],
    ['server', 'Servers'],
    ['app-connector', 'App Connectors'],
  ]),
  ztna('DNS', 'organization/dns'),
  ...ztnaTabs('Overlay', 'organization/overlay', [
    ['security-group', 'Security Groups'],
    ['iao', 'Identity-Aware Overlay'],
    ['overlay-mesh-server', 'Overlay Mesh Servers'],
    ['group-membership', 'Group Membership'],
    ['overlay-access-policy', 'Overlay Access Policy'],
    ['dpc', 'Data Protection'],
  ]),
  ztna('Policies', 'organization/policies', { keywords: ['access policies'] }),
  ztna('NAC', 'nac/nac-available-list'),
  ztna('MicroZAccess Updates', 'organization/systemtools/mza-update'),
  ztna('Report Generation', 'organization/systemtools/reportGeneration', managers),
  ...ztnaTabs('Web Filter', 'organization/web-filter', [
    ['url-based-filtering', 'URL Filtering'],
    ['ip-based-filtering', 'IP Filtering'],
  ]),
  ...ztnaTabs('Reports', 'reports', [
    ['url-rules', 'URL Rules'],
    ['custom-urls', 'Custom URLs'],
    ['url-discovery', 'URL Discovery'],
  ]),
  ztna('Logs Management', 'logs-management', logReaders),
  ...ztnaTabs(
    'Logs',
    'logs',
    [
      ['login-logs', 'Login Logs'],
      ['webfilter-logs', 'Web Filter Logs'],
      ['activity-logs', 'Activity Logs'],
      ['squid-logs', 'Squid Logs'],
      ['ztna-session-logs', 'ZTNA Session Logs'],
    ],
    logReaders,
  ),
];

// ---------------------------------------------------------------- NDR and IoT Gateway

const NDR: SearchEntry[] = [
  entry('NDR', 'ndr', 'NDR Overview', 'dashboard', { keywords: ['network detection and response', 'threats'] }),
  entry('NDR', 'ndr', 'Detections', 'detections', { keywords: ['alerts', 'att&ck', 'mitre'] }),
  entry('NDR', 'ndr', 'Hosts at Risk', 'hosts', { keywords: ['host timeline'] }),
  entry('NDR', 'ndr', 'Response Actions', 'actions', { keywords: ['quarantine', 'block'] }),
  entry('NDR', 'ndr', 'Detection Rules', 'organization/rules', { keywords: ['suppressions', 'tuning'] }),
  entry('NDR', 'ndr', 'NDR Notifications', 'organization/notifications', managers),
];

const IOT: SearchEntry[] = [
  entry('IoT Gateway', 'iot-gateway', 'IoT Overview', 'dashboard', { keywords: ['internet of things'] }),
  entry('IoT Gateway', 'iot-gateway', 'IoT Devices', 'devices', { keywords: ['inventory', 'sensors', 'cameras', 'telemetry'] }),
  entry('IoT Gateway', 'iot-gateway', 'Segments', 'organization/segments', { keywords: ['segmentation', 'vlan'] }),
  entry('IoT Gateway', 'iot-gateway', 'Forwarding Rules', 'organization/forwarding-rules', { keywords: ['mqtt', 'topics', 'series'] }),
];

/** Every page the search dialog can lead to, in the dialog's order. */
export const SEARCH_ENTRIES: readonly SearchEntry[] = [...SDWAN_CONFIGURE, ...SDWAN_MONITOR, ...SDWAN_ORGANIZATION, ...ZTNA, ...NDR, ...IOT];

export interface SearchViewer {
  /** The tenant's product flags (a tenant with all-product access has both). */
  products: Readonly<Partial<Record<SearchProduct, boolean>>>;
  role: Role | null;
  isSuperAdmin: boolean;
}

const AUDIENCE_RULES: Record<SearchAudience, (a: { role: Role | null; isSuperAdmin: boolean }) => boolean> = {
  console: canReadConsole,
  'log-readers': canReadLogs,
  managers: canManageTenant,
};

/**
 * The entries a user is offered: their products' pages their role may open. Super admins have no
 * search (spec 000 §6), nor has a guest.
 */
export function searchEntriesFor(viewer: SearchViewer, entries: readonly SearchEntry[] = SEARCH_ENTRIES): SearchEntry[] {
  if (viewer.isSuperAdmin || !canReadConsole(viewer)) return [];
  return entries.filter((e) => viewer.products[e.product] === true && AUDIENCE_RULES[e.audience](viewer));
}

/** The form two names are compared in: no case, no whitespace, no page/tab separator. */
export const searchNameKey = (text: string): string => text.toLowerCase().replace(/\s+/g, '').replaceAll(SEARCH_LABEL_SEPARATOR, '');

/**
 * Spec 000 §5: Enter leads somewhere only when the typed text is an option's name, ignoring case
 * and whitespace. The first such option wins, so callers order them (the active product first).
 */
export function exactEntry<T extends { label: string }>(text: string, entries: readonly T[]): T | null {
  const key = searchNameKey(text);
  if (key.length === 0) return null;
  return entries.find((e) => searchNameKey(e.label) === key) ?? null;
}

/**
 * What the dialog lists for typed text: entries whose name, group or route words hold every word
 * typed (any case), those whose name holds them first.
 */
export function matchEntries<T extends Pick<SearchEntry, 'label' | 'group' | 'keywords'>>(text: string, entries: readonly T[]): T[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0 && w !== SEARCH_LABEL_SEPARATOR);
  if (words.length === 0) return [...entries];
  const inLabel: T[] = [];
  const elsewhere: T[] = [];
  for (const e of entries) {
    const label = e.label.toLowerCase();
    const all = `${label} ${e.group.toLowerCase()} ${e.keywords.join(' ').toLowerCase()}`;
    if (words.every((w) => label.includes(w))) inLabel.push(e);
    else if (words.every((w) => all.includes(w))) elsewhere.push(e);
  }
  return [...inLabel, ...elsewhere];
}

/** The server's results are asked for once the text is this long, this long after the last key. */
export const SEARCH_SERVER_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 200;
/** The recent pages a user is offered, newest first. */
export const SEARCH_RECENT_MAX = 5;

/** Adds a visit to a recent-pages list: newest first, each page once, at most SEARCH_RECENT_MAX. */
export function rememberRecent(recent: readonly string[], href: string): string[] {
  return [href, ...recent.filter((h) => h !== href)].slice(0, SEARCH_RECENT_MAX);
}

/** The entry whose page a console URL shows, if any (the query is not part of it). */
export function entryAtPath<T extends Pick<SearchEntry, 'product' | 'path'>>(pathname: string, entries: readonly T[]): T | null {
  const clean = pathname.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return entries.find((e) => searchEntryHref(e) === clean) ?? null;
}
