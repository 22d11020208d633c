import type { ConfigFamily } from '../config/document';

/**
 * The configuration families' pages under `sdwan/device/configure/` as a visitor meets them: the
 * page's route and title, each tab's route and label, in the order the configure menu lists them.
 * The one place these names are written: the console's family pages take their headings and tab
 * labels from here, and the header's search lists these pages from here.
 */
export const CONFIG_PAGES = [
  {
    family: 'interfaces',
    route: 'addressing-vlan',
    title: 'Interfaces & VLANs',
    tabs: [
      { route: 'laninterface', label: 'LAN interfaces' },
      { route: 'waninterface', label: 'WAN interfaces' },
      { route: 'vlan', label: 'VLANs' },
    ],
  },
  { family: 'static_routes', route: 'staticroutes', title: 'Static Routes', tabs: [{ route: 'staticroutes', label: 'Static routes' }] },
  {
    family: 'firewall',
    route: 'firewall',
    title: 'Firewall',
    tabs: [
      { route: 'zones', label: 'Zones' },
      { route: 'inboundrules', label: 'Inbound rules' },
      { route: 'outboundrules', label: 'Outbound rules' },
      { route: 'ipset', label: 'IP sets' },
    ],
  },
  {
    family: 'nat',
    route: 'nat',
    title: 'NAT',
    tabs: [
      { route: 'portforward', label: 'Port forwards' },
      { route: 'snat', label: 'Source NAT' },
      { route: 'onetoone', label: '1:1 NAT' },
    ],
  },
  {
    family: 'services',
    route: 'services',
    title: 'Services',
    tabs: [
      { route: 'dhcp', label: 'DHCP pools' },
      { route: 'staticleases', label: 'Static leases' },
      { route: 'snmp', label: 'SNMP' },
      { route: 'ntp', label: 'NTP' },
      { route: 'logging', label: 'Logging' },
      { route: 'dropbear', label: 'SSH' },
      { route: 'http', label: 'HTTP admin' },
      { route: 'alarms', label: 'Alarm thresholds' },
      { route: 'notification', label: 'Notifications' },
    ],
  },
  {
    family: 'sdwan',
    route: 'sdwan',
    title: 'SD-WAN',
    tabs: [
      { route: 'interfaces', label: 'Interfaces' },
      { route: 'rules', label: 'Rules' },
    ],
  },
  {
    family: 'ipsec',
    route: 'vpn-creation',
    title: 'IPsec VPN',
    tabs: [
      { route: 'ipsecvpn', label: 'IPsec tunnels' },
      { route: 'autovpn', label: 'Auto VPN' },
    ],
  },
  { family: 'policy_routing', route: 'policyrouting', title: 'Policy Routing', tabs: [{ route: 'policyrouting', label: 'Policy routes' }] },
  {
    family: 'qos',
    route: 'qos',
    title: 'QoS',
    tabs: [
      { route: 'qos_interface', label: 'Interfaces' },
      { route: 'qos_class', label: 'Classes' },
      { route: 'qos_rules', label: 'Rules' },
    ],
  },
  { family: 'vrrp', route: 'vrrp', title: 'VRRP', tabs: [{ route: 'vrrp', label: 'VRRP groups' }] },
  {
    family: 'bgp',
    route: 'bgp',
    title: 'BGP Routing',
    tabs: [
      { route: 'bgp', label: 'Speaker' },
      { route: 'neighbours', label: 'Neighbours' },
      { route: 'prefixlists', label: 'Prefix lists' },
      { route: 'routemaps', label: 'Route maps' },
    ],
  },
  {
    family: 'link_bonding',
    route: 'link-bonding',
    title: 'Link Bonding',
    tabs: [
      { route: 'vpn-bonding', label: 'VPN bonding' },
      { route: 'internet-bonding', label: 'Internet bonding' },
    ],
  },
  { family: 'netflow', route: 'netflowconfig', title: 'Flow Export', tabs: [{ route: 'netflowconfig', label: 'Flow export' }] },
  {
    family: 'wireless',
    route: 'wireless',
    title: 'Wireless',
    tabs: [
      { route: 'wirelesssetting', label: 'Radios and SSIDs' },
      { route: 'wirelessadvanced', label: 'Advanced' },
    ],
  },
  {
    family: 'acceleration',
    route: 'network-acceleration',
    title: 'Network Acceleration',
    tabs: [
      { route: 'links', label: 'WAN links' },
      { route: 'rules', label: 'Rules' },
    ],
  },
  {
    family: 'content_filter',
    route: 'content-filter',
    title: 'Content Filtering',
    tabs: [
      { route: 'category-filter', label: 'Categories' },
      { route: 'url-blocking', label: 'Blocked and allowed URLs' },
    ],
  },
  { family: 'url_filter', route: 'url-filter', title: 'URL Filtering', tabs: [{ route: 'url-filter', label: 'URL filtering' }] },
  {
    family: 'user_mapping',
    route: 'user-mapping',
    title: 'User Mapping',
    tabs: [
      { route: 'sources', label: 'Sources' },
      { route: 'static', label: 'Static entries' },
    ],
  },
  {
    family: 'overlay_mesh',
    route: 'overlay-mesh-vpn',
    title: 'Overlay Mesh VPN',
    tabs: [
      { route: 'settings', label: 'Settings' },
      { route: 'peers', label: 'Peers' },
    ],
  },
  {
    family: 'ids_ips',
    route: 'ids-ips',
    title: 'IDS/IPS',
    tabs: [
      { route: 'settings', label: 'Settings' },
      { route: 'categories', label: 'Rule categories' },
      { route: 'exceptions', label: 'Exceptions' },
    ],
  },
] as const satisfies readonly ConfigPage[];

export interface ConfigPageTab {
  route: string;
  label: string;
}

export interface ConfigPage {
  family: ConfigFamily;
  /** The spec's route under `device/configure/` (staticroutes, addressing-vlan…). */
  route: string;
  title: string;
  tabs: readonly ConfigPageTab[];
}

type PageOf<F extends ConfigFamily> = Extract<(typeof CONFIG_PAGES)[number], { family: F }>;
/** The tab routes a family's page has ('zones' | 'inboundrules' | … for the firewall). */
export type ConfigTabRoute<F extends ConfigFamily> = PageOf<F>['tabs'][number]['route'];

const pageOf = (family: ConfigFamily): ConfigPage => {
  const page = CONFIG_PAGES.find((p) => p.family === family);
  if (!page) throw new Error(`no configuration page for '${family}'`);
  return page;
};

/** A family page's heading: its family, route and title. */
export function configPageHeading(family: ConfigFamily): Pick<ConfigPage, 'family' | 'route' | 'title'> {
  const { route, title } = pageOf(family);
  return { family, route, title };
}

/** One tab of a family's page: its route and label. */
export function configPageTab<F extends ConfigFamily>(family: F, route: ConfigTabRoute<F>): ConfigPageTab {
  const tab = pageOf(family).tabs.find((t) => t.route === route);
  if (!tab) throw new Error(`no tab '${String(route)}' on the '${family}' page`);
  return { route: tab.route, label: tab.label };
}
