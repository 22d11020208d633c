import { Badge } from '@mantine/core';
import { IDS_CATEGORIES, WIFI_BAND_LABELS, type StatusKind, type UserMappingSource, type WifiBand } from '@netloom/domain';
import type { DataTableColumn } from '@/components/data-table/types';
import { upFor } from '@/features/device-status/hooks/use-fresh-snapshot';

export type Row = Record<string, unknown>;

export interface StatusTab {
  /** The last segment of the spec's route (`…/status/network/routes`). */
  route: string;
  kind: StatusKind;
  label: string;
  columns: DataTableColumn<Row>[];
  /** A column whose values the tab can be narrowed to (logs by level). */
  filter?: { key: string; label: string; options: readonly string[] };
}

export interface StatusSection {
  title: string;
  subtitle: string;
  tabs: StatusTab[];
}

const yesNo = (key: string) => (r: Row) => (r[key] ? 'Yes' : 'No');
const stateBadge = (key: string, good: readonly string[]) => (r: Row) => {
  const value = String(r[key] ?? '');
  return (
    <Badge variant="light" color={good.includes(value) ? 'green' : 'red'}>
      {value}
    </Badge>
  );
};
const orDash =
  (key: string, unit = '') =>
  (r: Row) =>
    r[key] === null || r[key] === undefined ? '–' : `${String(r[key])}${unit}`;

/** A leg of link bonding: a configured bond by its name, else the legs a box reports of itself. */
const bondLeg = (r: Row) => {
  if (r.leg === 'vpn') return `VPN bond ${String(r.bond)}`;
  if (r.leg === 'internet') return `Internet bond ${String(r.bond)}`;
  return r.leg === 'mpls' ? 'MPLS' : 'Bonded tunnel';
};
/** 'wan1 75 % · wan2 25 %': a configured bond's members and their share of its traffic. */
const bondShares = (r: Row) => {
  const members = r.members as { interface: string; share_pct: number }[] | undefined;
  return members ? members.map((m) => `${m.interface} ${m.share_pct} %`).join(' · ') : '–';
};

/** Why an SD-WAN rule's traffic takes the link it takes, in words. */
/** Which of the gateway's User Mapping sources named the user. */
const USER_SOURCE_LABELS: Record<UserMappingSource, string> = {
  static: 'Static entry',
  radius: 'RADIUS accounting',
  ztna: 'ZTNA client',
  dhcp: 'DHCP host name',
};

const PATH_REASONS: Record<string, string> = {
  preferred: 'Preferred link',
  sla_failover: 'Preferred link misses the SLA',
  link_down: 'Preferred link is down',
  no_link: 'No link meets the SLA',
};

/**
 * The gateway monitor's sections (spec 000 §2.15 `sdwan/device/status/…`) that are tables of what
 * the gateway reports, each tab one snapshot kind.
 */
export const STATUS_SECTIONS = {
  network: {
    title: 'Network status',
    subtitle: 'What the gateway reports: its routes, ARP table, interfaces, system and DHCP leases',
    tabs: [
      {
        route: 'routes',
        kind: 'routes',
        label: 'Routes',
        columns: [
          { key: 'destination', header: 'Destination', type: 'ip' },
          { key: 'gateway', header: 'Gateway', type: 'ip' },
          { key: 'interface', header: 'Interface' },
          { key: 'metric', header: 'Metric' },
          { key: 'origin', header: 'Origin' },
        ],
      },
      {
        route: 'arptables',
        kind: 'arp',
        label: 'ARP',
        columns: [
          { key: 'ip', header: 'Address', type: 'ip' },
          { key: 'mac', header: 'MAC address' },
          { key: 'interface', header: 'Interface' },
          { key: 'state', header: 'State' },
        ],
      },
      {
        route: 'interfaces',
        kind: 'interfaces',
        label: 'Interfaces',
        columns: [
          { key: 'name', header: 'Interface' },
          { key: 'kind', header: 'Kind' },
          { key: 'address', header: 'Address', type: 'ip' },
          { key: 'prefix', header: 'Prefix' },
          { key: 'mac', header: 'MAC', render: orDash('mac') },
          { key: 'speed_mbps', header: 'Speed', render: orDash('speed_mbps', ' Mbit/s') },
          { key: 'up', header: 'State', render: (r) => (r.up === undefined ? '–' : r.up ? 'Up' : 'Down') },
          { key: 'rx_bytes', header: 'Received', type: 'bytes' },
          { key: 'tx_bytes', header: 'Sent', type: 'bytes' },
          { key: 'rx_errors', header: 'Errors in', render: orDash('rx_errors') },
          { key: 'tx_errors', header: 'Errors out', render: orDash('tx_errors') },
        ],
      },
      {
        route: 'devicestatus',
        kind: 'system',
        label: 'Device status',
        columns: [
          { key: 'model', header: 'Model' },
          { key: 'board', header: 'Board' },
          { key: 'firmware', header: 'Firmware' },
          { key: 'uptime_s', header: 'Up for', render: (r) => upFor(Number(r.uptime_s)) },
          { key: 'cpu_pct', header: 'CPU %' },
          { key: 'memory_pct', header: 'Memory %' },
          { key: 'disk_pct', header: 'Disk %' },
        ],
      },
      {
        route: 'dhcp',
        kind: 'dhcp_leases',
        label: 'DHCP leases',
        columns: [
          { key: 'ip', header: 'Address', type: 'ip' },
          { key: 'mac', header: 'MAC address' },
          { key: 'hostname', header: 'Host name' },
          { key: 'interface', header: 'Interface' },
          { key: 'static', header: 'Static', render: yesNo('static') },
        ],
      },
      {
        route: 'usermapping',
        kind: 'user_mapping',
        label: 'Users',
        columns: [
          { key: 'address', header: 'Address', type: 'ip' },
          { key: 'user', header: 'User' },
          { key: 'source', header: 'Source', render: (r) => USER_SOURCE_LABELS[r.source as UserMappingSource] ?? String(r.source) },
          { key: 'hostname', header: 'Host name', render: orDash('hostname') },
        ],
      },
    ],
  },
  sdwanstatus: {
    title: 'SD-WAN status',
    subtitle:
      "Which WAN each SD-WAN rule's traffic takes now, the state of every WAN link and of link bonding, QoS class counters, VRRP roles, SSIDs and their clients, accelerated traffic and what the flow export sent to each collector",
    tabs: [
      {
        route: 'rules',
        kind: 'sdwan',
        label: 'Rules',
        columns: [
          { key: 'rule', header: 'Rule' },
          { key: 'match', header: 'Matches' },
          { key: 'preferred_wan', header: 'Preferred WAN' },
          { key: 'active_wan', header: 'Active WAN', render: orDash('active_wan') },
          { key: 'reason', header: 'Why', render: (r) => PATH_REASONS[String(r.reason)] ?? String(r.reason) },
        ],
      },
      {
        route: 'mwan',
        kind: 'mwan',
        label: 'WAN links',
        columns: [
          { key: 'interface', header: 'Interface' },
          { key: 'state', header: 'State', render: stateBadge('state', ['online']) },
          { key: 'tracking_ip', header: 'Tracking', type: 'ip' },
          { key: 'weight', header: 'Weight' },
          { key: 'online_s', header: 'Online for', render: (r) => (r.state === 'online' ? upFor(Number(r.online_s)) : '–') },
        ],
      },
      {
        route: 'bonding',
        kind: 'link_bonding',
        label: 'Link bonding',
        columns: [
          { key: 'leg', header: 'Leg', render: bondLeg },
          { key: 'status', header: 'State', render: stateBadge('status', ['up']) },
          { key: 'interfaces', header: 'Links in use', type: 'array', arrayDisplay: 'list' },
          { key: 'members', header: 'Share per link', render: bondShares },
        ],
      },
      {
        route: 'qos',
        kind: 'qos',
        label: 'QoS classes',
        columns: [
          { key: 'class', header: 'Class' },
          { key: 'priority', header: 'Priority' },
          { key: 'guaranteed_pct', header: 'Guaranteed', render: orDash('guaranteed_pct', ' %') },
          { key: 'maximum_pct', header: 'Maximum', render: orDash('maximum_pct', ' %') },
          { key: 'packets', header: 'Packets' },
          { key: 'bytes', header: 'Bytes', type: 'bytes' },
          { key: 'drops', header: 'Drops' },
        ],
      },
      {
        route: 'vrrp',
        kind: 'vrrp',
        label: 'VRRP',
        columns: [
          { key: 'interface', header: 'Interface' },
          { key: 'vrid', header: 'VRID' },
          { key: 'virtual_ip', header: 'Virtual IP', type: 'ip' },
          { key: 'state', header: 'State', render: stateBadge('state', ['master', 'backup']) },
          { key: 'priority', header: 'Priority' },
          { key: 'master', header: 'Master', render: orDash('master') },
        ],
      },
      {
        route: 'wireless',
        kind: 'wireless',
        label: 'Wireless',
        columns: [
          { key: 'ssid', header: 'SSID' },
          { key: 'band', header: 'Band', render: (r) => WIFI_BAND_LABELS[r.band as WifiBand] ?? String(r.band) },
          { key: 'channel', header: 'Channel' },
          { key: 'clients', header: 'Clients' },
        ],
      },
      {
        route: 'acceleration',
        kind: 'acceleration',
        label: 'Acceleration',
        columns: [
          { key: 'rule', header: 'Rule' },
          { key: 'flows', header: 'Flows' },
          { key: 'bytes', header: 'Bytes', type: 'bytes' },
          { key: 'fec_recovered', header: 'Packets FEC repaired' },
        ],
      },
      {
        route: 'flowexport',
        kind: 'netflow',
        label: 'Flow export',
        columns: [
          { key: 'collector', header: 'Collector' },
          { key: 'records', header: 'Records sent' },
          { key: 'last_export_at', header: 'Last export', render: orDash('last_export_at') },
        ],
      },
    ],
  },
  ipsec: {
    title: 'IPsec',
    subtitle: "The gateway's tunnels: which are up, and what went through them",
    tabs: [
      {
        route: 'overview',
        kind: 'ipsec',
        label: 'Overview',
        columns: [
          { key: 'name', header: 'Tunnel' },
          { key: 'remote', header: 'Remote', type: 'ip' },
          { key: 'state', header: 'State', render: stateBadge('state', ['up']) },
          { key: 'reason', header: 'Why down', render: orDash('reason') },
        ],
      },
      {
        route: 'statistics',
        kind: 'ipsec_stats',
        label: 'Statistics',
        columns: [
          { key: 'name', header: 'Tunnel' },
          { key: 'established_s', header: 'Up for', render: (r) => (r.established_s === null ? 'Down' : upFor(Number(r.established_s))) },
          { key: 'bytes_in', header: 'Received', type: 'bytes' },
          { key: 'bytes_out', header: 'Sent', type: 'bytes' },
          { key: 'packets_in', header: 'Packets in' },
          { key: 'packets_out', header: 'Packets out' },
          { key: 'rekeys', header: 'Rekeys' },
        ],
      },
    ],
  },
  firewallstatus: {
    title: 'Firewall status',
    subtitle: 'How often each firewall rule matched, the IP sets the rules use, and what intrusion detection found',
    tabs: [
      {
        route: 'firewall-all',
        kind: 'firewall',
        label: 'Firewall',
        columns: [
          { key: 'chain', header: 'Chain' },
          { key: 'rule', header: 'Rule' },
          { key: 'target', header: 'Target' },
          { key: 'protocol', header: 'Protocol' },
          { key: 'packets', header: 'Packets' },
          { key: 'bytes', header: 'Bytes', type: 'bytes' },
        ],
      },
      {
        route: 'ipset',
        kind: 'ipset',
        label: 'IP sets',
        columns: [
          { key: 'name', header: 'Name' },
          { key: 'type', header: 'Type' },
          { key: 'members', header: 'Members', type: 'array', arrayDisplay: 'list' },
          { key: 'references', header: 'Used by rules' },
        ],
      },
      {
        route: 'ids',
        kind: 'ids',
        label: 'Intrusion detection',
        columns: [
          { key: 'at', header: 'Time', type: 'date' },
          { key: 'action', header: 'Action', render: (r) => (r.action === 'dropped' ? 'Dropped' : 'Alerted') },
          { key: 'severity', header: 'Severity' },
          { key: 'sid', header: 'Signature id' },
          { key: 'message', header: 'Signature' },
          { key: 'category', header: 'Category', render: (r) => IDS_CATEGORIES.find((c) => c.key === r.category)?.label ?? String(r.category) },
          { key: 'src', header: 'Source', render: (r) => `${String(r.src)}:${String(r.src_port)}` },
          { key: 'dst', header: 'Destination', render: (r) => `${String(r.dst)}:${String(r.dst_port)}` },
        ],
        filter: { key: 'action', label: 'Action', options: ['alerted', 'dropped'] },
      },
    ],
  },
  'url-ops': {
    title: 'URL filtering',
    subtitle:
      "What the URL filter acts on (the web filter's policies and this gateway's Content Filtering), the sites clients visit and which were blocked, and how much each client uses",
    tabs: [
      {
        route: 'urlfilterstatus',
        kind: 'url_filter',
        label: 'URL filter',
        columns: [
          { key: 'category', header: 'Category' },
          { key: 'action', header: 'Action' },
          { key: 'hits', header: 'Hits' },
          { key: 'source', header: 'Set by', render: (r) => (r.source === 'gateway' ? 'Content Filtering' : 'Web filter policies') },
        ],
      },
      {
        route: 'urltracking',
        kind: 'url_tracking',
        label: 'URL tracking',
        columns: [
          { key: 'host', header: 'Site' },
          { key: 'client', header: 'Client', type: 'ip' },
          { key: 'hits', header: 'Hits' },
          { key: 'bytes', header: 'Traffic', type: 'bytes' },
          { key: 'last_seen', header: 'Last seen', type: 'date' },
          { key: 'blocked', header: 'Blocked', render: yesNo('blocked') },
        ],
      },
      {
        route: 'usagestatus',
        kind: 'usage',
        label: 'Usage',
        columns: [
          { key: 'client', header: 'Client', type: 'ip' },
          { key: 'hostname', header: 'Host name' },
          { key: 'rx_bytes', header: 'Downloaded', type: 'bytes' },
          { key: 'tx_bytes', header: 'Uploaded', type: 'bytes' },
        ],
      },
    ],
  },
  logs: {
    title: 'Device logs',
    subtitle: "The gateway's system log, newest first",
    tabs: [
      {
        route: 'system',
        kind: 'logs',
        label: 'System log',
        columns: [
          { key: 'at', header: 'Time', type: 'date' },
          { key: 'level', header: 'Level' },
          { key: 'facility', header: 'Source' },
          { key: 'message', header: 'Message', width: '32rem' },
        ],
        filter: { key: 'level', label: 'Level', options: ['error', 'warning', 'notice', 'info'] },
      },
    ],
  },
} as const satisfies Record<string, StatusSection>;

export type StatusSectionKey = keyof typeof STATUS_SECTIONS;
