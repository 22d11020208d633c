import { describe, expect, it } from 'vitest';
import { drawingOf, type RouteDrawing } from '@/test/route-drawing';
import { NotBuiltPage } from '@/features/products/pages/not-built-page';
import { familyPage } from '@/features/device-config/families';
import { routes } from './router';
import { ConfigFamilyRoute } from './routes/config-family-route';

const tabsOf = (base: string, tabs: string[]) => tabs.map((t) => `${base}/${t}`);
const both = (path: string) => [`/sdwan/${path}`, `/ztna/${path}`];

/**
 * The spec's routes this version has built (the console's route table by capability): each must
 * lead to its page, never to the 404 catch-all nor to a "not built" notice.
 */
const BUILT = [
  ...['login', 'sign-up', 'forgotPassword', 'social-signup', 'free-trial', 'microZAccess'].map((p) => `/auth/${p}`),
  '/resetpwd',
  '/activate',
  '/sdwan/dashboard',
  '/ztna/dashboard',
  ...both('tenant-customize-dashboard'),
  ...tabsOf('/sdwan/device/configure/addressing-vlan', ['laninterface', 'waninterface']),
  '/sdwan/device/configure/staticroutes',
  ...tabsOf('/sdwan/device/configure/firewall', ['zones', 'inboundrules', 'outboundrules', 'ipset']),
  '/sdwan/device/configure/nat',
  ...tabsOf('/sdwan/device/configure/services', ['dhcp', 'snmp', 'ntp', 'config', 'logging', 'dropbear', 'http', 'alarms', 'notification']),
  ...tabsOf('/sdwan/device/configure/sdwan', ['interfaces', 'rules']),
  ...tabsOf('/sdwan/device/configure/vpn-creation', ['ipsecvpn', 'autovpn']),
  '/sdwan/device/configure/policyrouting',
  ...tabsOf('/sdwan/device/configure/diagnostics', ['ping', 'traceroute', 'dns', 'tcpDump', 'throughput']),
  ...tabsOf('/sdwan/device/configure/qos', ['qos_interface', 'qos_rules', 'qos_class']),
  '/sdwan/device/configure/vrrp',
  ...tabsOf('/sdwan/device/configure/bgp', ['bgp', 'neighbours', 'prefixlists', 'routemaps']),
  ...tabsOf('/sdwan/device/configure/link-bonding', ['vpn-bonding', 'internet-bonding']),
  '/sdwan/device/configure/netflowconfig',
  ...tabsOf('/sdwan/device/configure/wireless', ['wirelesssetting', 'wirelessadvanced']),
  ...tabsOf('/sdwan/device/configure/network-acceleration', ['links', 'rules']),
  ...tabsOf('/sdwan/device/configure/content-filter', ['category-filter', 'url-blocking']),
  '/sdwan/device/configure/url-filter',
  ...tabsOf('/sdwan/device/configure/user-mapping', ['sources', 'static']),
  ...tabsOf('/sdwan/device/configure/overlay-mesh-vpn', ['settings', 'peers']),
  ...tabsOf('/sdwan/device/configure/ids-ips', ['settings', 'categories', 'exceptions']),
  ...tabsOf('/sdwan/device/configure/status', ['deviceoverview', 'sysInfo', 'cpugraph', 'memorygraph']),
  ...tabsOf('/sdwan/device/status/network', ['routes', 'arptables', 'interfaces', 'devicestatus', 'dhcp', 'usermapping']),
  '/sdwan/device/status/sdwanstatus',
  ...tabsOf('/sdwan/device/status/sdwanstatus', ['bonding', 'qos', 'vrrp', 'flowexport', 'wireless', 'acceleration']),
  ...tabsOf('/sdwan/device/status/ipsec', ['overview', 'statistics']),
  ...tabsOf('/sdwan/device/status/firewallstatus', ['firewall-all', 'ipset', 'ids']),
  ...tabsOf('/sdwan/device/status/url-ops', ['urlfilterstatus', 'urltracking', 'usagestatus']),
  ...tabsOf('/sdwan/device/status/slastatus', ['interface', 'interfacesingle', 'ping', 'linkcomparision', 'linkcomparision2', 'wantraffic']),
  ...tabsOf('/sdwan/device/status/alarms', ['device', 'wan', 'performance', 'ipsec']),
  '/sdwan/device/status/logs',
  ...tabsOf('/sdwan/device/status/netflow', ['topProtocols', 'topDestinations', 'topTalkers', 'topServerPorts', 'topClientPorts']),
  ...both('network'),
  ...tabsOf('/sdwan/network', ['configure', 'monitor']),
  ...both('organization'),
  '/sdwan/organization/inventory',
  '/sdwan/organization/monitor',
  '/sdwan/organization/configure',
  '/ztna/organization/configure',
  '/sdwan/device/status',
  '/ztna/device/status',
  ...tabsOf('/sdwan/organization/monitor', ['vpn-status', 'alarms/device', 'globalBGP', 'globalInterface']),
  ...tabsOf('/sdwan/organization/systemtools', ['users', 'globalNotification', 'reportGeneration']),
  ...both('organization/systemtools'),
  '/ztna/organization/systemtools/users',
  '/sdwan/organization/configtemp',
  ...tabsOf('/sdwan/organization/configtemp', ['config', 'udt']),
  '/sdwan/organization/configtemp/configtempedit/firewall/zones',
  ...tabsOf('/ztna/device/configure', ['overlay-mesh-vpn', 'overlay-device']),
  '/ztna/mza/status',
  ...tabsOf('/ztna/organization/inventory', ['enrolled-inventory', 'approve-inventory']),
  ...tabsOf('/ztna/organization/onboarding', ['client', 'server', 'app-connector']),
  '/ztna/organization/dns',
  ...tabsOf('/ztna/organization/overlay', ['security-group', 'iao', 'overlay-mesh-server', 'group-membership', 'overlay-access-policy', 'dpc']),
  '/ztna/organization/policies',
  '/ztna/nac/nac-available-list',
  ...tabsOf('/ztna/organization/systemtools', ['reportGeneration', 'mza-update']),
  ...tabsOf('/ztna/organization/web-filter', ['url-based-filtering', 'ip-based-filtering']),
  ...tabsOf('/ztna/reports', ['url-rules', 'custom-urls', 'url-discovery']),
  '/ztna/logs-management',
  ...['/logs', '/sdwan/logs', '/ztna/logs'].flatMap((base) => tabsOf(base, ['login-logs', 'activity-logs'])),
  ...tabsOf('/ztna/logs', ['webfilter-logs', 'squid-logs', 'ztna-session-logs']),
  ...['', '/sdwan', '/ztna'].flatMap((base) => [`${base}/teams/users`, `${base}/teams/users/details/u1`, `${base}/teams/groups`]),
  ...tabsOf('/superAdmin', ['tenant', 'customers', 'waf-pops']),
  ...tabsOf('/settings', ['profile', 'dashboard-settings', 'organisation']),
  '/tenant-settings',
  '/announcements',
  '/user-queries',
  '/support/ticketRaise',
  '/support/ticket/helpdesk',
  '/support/ticket/helpdesk/trackTicket',
  '/support/desk',
  '/support-chat',
  '/microzaccess-client',
  '/ztna/getmicrozaccess',
  // QShield (spec 000 §2.16 WAF menu): the built pages; the bare sections open their first page.
  '/waf',
  '/waf/dashboard',
  '/waf/threat-analytics',
  ...tabsOf('/waf/threat-analytics', ['backend-waf', 'compailnce-status', 'api-discovery', 'graphql', 'log']),
  '/waf/events',
  '/waf/events/attacks',
  '/waf/events/vulnerabilities',
  '/waf/bot/dashboard',
  '/waf/bot/auth-abuse-protection',
  '/waf/bot/api-abuse-protection',
  '/waf/api-security/api-inventry',
  '/waf/api-security/shadow-api',
  '/waf/api-security/api-discovery',
  '/waf/api-security/diff-logs',
  '/waf/api-security/zero-trust-api',
  '/waf/api-security/vuln-testing',
  '/waf/organization',
  ...tabsOf('/waf/organization', ['onboard', 'waf-policy', 'pac', 'threat-intel', 'ddos', 'dpop']),
  '/dem',
  '/dem/dashboard',
  '/dem/scores',
  ...tabsOf('/dem/scores', ['application', 'user', 'location', 'network']),
  '/dem/applications/d0e00000-0000-4000-8000-000000000001',
  '/dem/organization',
  '/dem/organization/applications',
  '/dem/organization/notifications',
  '/dem/alarms',
  '/rum',
  '/rum/dashboard',
  '/rum/app-site',
  '/rum/website',
  ...tabsOf('/rum/app-site', ['performance', 'errors', 'sessions', 'alerts', 'sites']),
  ...tabsOf('/rum/website', ['performance', 'errors', 'sessions', 'alerts', 'sites']),
  '/rum/website/sessions/0Qm3x_session-id',
  '/rum/organization',
  '/rum/organization/notifications',
  '/ndr',
  '/ndr/dashboard',
  '/ndr/detections',
  '/ndr/detections/d0e00000-0000-4000-8000-000000000002',
  '/ndr/hosts',
  '/ndr/hosts/192.168.10.100',
  '/ndr/actions',
  '/ndr/organization',
  '/ndr/organization/rules',
  '/ndr/organization/notifications',
  '/iot-gateway',
  '/iot-gateway/dashboard',
  '/iot-gateway/devices',
  '/iot-gateway/devices/d0e00000-0000-4000-8000-000000000003',
  '/iot-gateway/organization',
  '/iot-gateway/organization/segments',
  '/iot-gateway/organization/forwarding-rules',
  '/404',
  '/something-went-wrong',
  '/loading',
];

/** Follows redirects (a section's bare path opens its first tab) to the page a visitor ends on. */
async function landing(href: string): Promise<{ href: string; drawing: RouteDrawing }> {
  let at = href;
  for (let hop = 0; hop < 4; hop++) {
    const drawing = await drawingOf(routes, at);
    if (drawing.drawn !== 'redirect' || !drawing.location) return { href: at, drawing };
    at = drawing.location;
  }
  throw new Error(`${href} redirects in a loop`);
}

describe('the routes this version has built', () => {
  it.each(BUILT)('%s leads to its page', async (href) => {
    const end = await landing(href);
    const { leaf, drawn } = end.drawing;
    expect(leaf, `no route for ${href}`).not.toBeNull();
    expect(leaf!.path, `${href} falls through to the 404 route`).not.toBe('*');
    expect(end.href === '/404' && href !== '/404', `${href} ends on the 404 page`).toBe(false);
    expect(drawn, `${href} draws nothing`).not.toBeNull();
    if (drawn === null || drawn === 'redirect') return;
    expect(drawn.type, `${href} is a "not built" notice`).not.toBe(NotBuiltPage);
    if (drawn.type === ConfigFamilyRoute) expect(familyPage(leaf!.params.family), `${href}: no such configuration family`).toBeDefined();
  });
});

/** Words of the spec's paths that a route with an id parameter would read as an id (and ask the server for, which answers 400). */
const SPEC_WORDS = new Set(['configure', 'monitor', 'config', 'udt', 'status', 'organization', 'systemtools']);

describe('spec paths are pages, not ids', () => {
  it.each(BUILT)('%s reads no word of its path as an id', async (href) => {
    const { leaf } = (await landing(href)).drawing;
    const ids = Object.entries(leaf?.params ?? {}).filter(([name]) => name.endsWith('Id'));
    for (const [name, value] of ids) expect(SPEC_WORDS.has(value ?? ''), `${href}: ${name}=${value}`).toBe(false);
  });
});

/** Paths the spec does not name: the 404 page, never a notice that calls a built page unbuilt. */
const UNKNOWN = [
  '/dem/nothing',
  '/rum/nothing',
  '/ndr/nothing',
  '/iot-gateway/nothing',
  '/ztna/device/configure/firewall',
  '/ztna/organization/nothing',
  '/sdwan/organization/nothing',
  '/sdwan/device/status/nothing',
];

describe('paths nobody built', () => {
  it.each(UNKNOWN)('%s is the 404 page', async (href) => {
    const end = await landing(href);
    expect(end.href).toBe('/404');
  });
});
