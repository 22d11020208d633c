import { formatBytes } from '../format/numbers';
import { ONLINE_STATUSES, statusLabel } from '../rules/device-status';
import type { LogEntry } from '../api/logs';
import { REPORT_KIND_LABELS, type ReportFormat, type ReportKind } from './api';
import type { Availability } from './report-availability';

/**
 * What a report says, whatever its format: the headline figures of its first page, its charts and
 * its tables. The server turns it into a PDF or a CSV; the CSV is the `csv` table alone, one row
 * per item (a device, a link, a log line), so a spreadsheet can sort and sum it.
 */
export interface ReportFigure {
  label: string;
  value: string;
}
export interface ReportChart {
  title: string;
  type: 'pie' | 'bar';
  /** What the values are: a bar chart's axis shows them so. */
  unit: 'count' | 'bytes' | 'percent';
  data: { name: string; value: number }[];
}
export interface ReportColumn {
  key: string;
  title: string;
  /** Relative width in the PDF's table (1 by default). */
  width?: number;
}
export type ReportCell = string | number | boolean | null;
export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
}
export interface ReportContent {
  title: string;
  figures: ReportFigure[];
  /** Where the figures come from, when the reader should know (heartbeats standing in for alarm history). */
  notes: string[];
  charts: ReportChart[];
  tables: ReportTable[];
  csv: ReportTable;
}

// ---------------------------------------------------------------- inventory

export interface InventoryDevice {
  name: string;
  type: 'gateway' | 'endpoint';
  serial: string;
  model: string | null;
  firmware: string | null;
  /** The status as shown (a device never seen is 'registered'). */
  status: string;
  last_seen: string | null;
  config_sync: string;
}

export interface FleetFigures {
  total: number;
  online: number;
  offline: number;
  /** Registered and never seen. */
  registered: number;
}

const ONLINE = new Set<string>(ONLINE_STATUSES);

/** Online counts what the tiles count; a device never seen is registered; every other one is offline. */
export function fleetFigures(devices: readonly Pick<InventoryDevice, 'status' | 'last_seen'>[]): FleetFigures {
  const f = { total: devices.length, online: 0, offline: 0, registered: 0 };
  for (const d of devices) {
    if (!d.last_seen || d.status === 'registered') f.registered++;
    else if (ONLINE.has(d.status)) f.online++;
    else f.offline++;
  }
  return f;
}

const INVENTORY_COLUMNS: ReportColumn[] = [
  { key: 'name', title: 'Name', width: 1.6 },
  { key: 'type', title: 'Type', width: 0.75 },
  { key: 'serial', title: 'Serial', width: 1.2 },
  { key: 'model', title: 'Model', width: 0.9 },
  { key: 'firmware', title: 'Firmware', width: 0.8 },
  { key: 'status', title: 'Status', width: 1.1 },
  { key: 'last_seen', title: 'Last seen', width: 1.4 },
  { key: 'config_sync', title: 'Config sync', width: 0.9 },
];

export function inventoryContent(devices: readonly InventoryDevice[]): ReportContent {
  const f = fleetFigures(devices);
  const rows = devices.map((d) => ({ ...d, status: statusLabel(d.status) }));
  const table = { title: 'Devices', columns: INVENTORY_COLUMNS, rows };
  const byModel = new Map<string, number>();
  for (const d of devices) byModel.set(d.model || 'Unknown', (byModel.get(d.model || 'Unknown') ?? 0) + 1);
  return {
    title: REPORT_KIND_LABELS.inventory,
    figures: [
      { label: 'Total devices', value: String(f.total) },
      { label: 'Online', value: String(f.online) },
      { label: 'Offline', value: String(f.offline) },
      { label: 'Registered, never seen', value: String(f.registered) },
    ],
    notes: [],
    charts: [
      {
        title: 'Status',
        type: 'pie',
        unit: 'count',
        data: [
          { name: 'Online', value: f.online },
          { name: 'Offline', value: f.offline },
          { name: 'Registered', value: f.registered },
        ],
      },
      { title: 'Models', type: 'bar', unit: 'count', data: [...byModel].map(([name, value]) => ({ name, value })).sort((a, b) => b.value - a.value) },
    ],
    tables: [table],
    csv: table,
  };
}

// ---------------------------------------------------------------- availability

export interface AvailabilityRow extends Availability {
  device: string;
  /** The WAN link's name; null for the device itself. */
  link: string | null;
}

const percentText = (p: number | null) => (p === null ? 'no data' : `${p.toFixed(2)} %`);
const hours = (ms: number) => Math.round((ms / 3_600_000) * 100) / 100;
const mean = (values: number[]) => (values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null);

export function availabilityContent(rows: readonly AvailabilityRow[]): ReportContent {
  const devices = rows.filter((r) => r.link === null);
  const links = rows.filter((r) => r.link !== null);
  const known = (list: readonly AvailabilityRow[]) => list.map((r) => r.percentUp).filter((p): p is number => p !== null);
  const fromHeartbeats = rows.filter((r) => r.source === 'heartbeats').length;
  const notes = [
    'Availability is taken from the alarm history (device reachability and WAN link alarms).',
    ...(fromHeartbeats
      ? [
          `${fromHeartbeats} of ${rows.length} subjects had no alarm history; their availability is taken from heartbeats, over the part of the period heartbeats are kept for.`,
        ]
      : []),
  ];
  const columns: ReportColumn[] = [
    { key: 'device', title: 'Device', width: 1.6 },
    { key: 'link', title: 'WAN link' },
    { key: 'percent_up', title: '% up', width: 0.8 },
    { key: 'down_hours', title: 'Down (hours)', width: 0.9 },
    { key: 'source', title: 'Source' },
  ];
  const toRow = (r: AvailabilityRow) => ({ device: r.device, link: r.link ?? '', percent_up: r.percentUp, down_hours: hours(r.downMs), source: r.source });
  const devicesMean = mean(known(devices));
  const linksMean = mean(known(links));
  return {
    title: REPORT_KIND_LABELS.availability,
    figures: [
      { label: 'Devices', value: String(devices.length) },
      { label: 'Mean device availability', value: percentText(devicesMean) },
      { label: 'WAN links', value: String(links.length) },
      { label: 'Mean WAN availability', value: percentText(linksMean) },
    ],
    notes,
    charts: [
      {
        title: 'Least available devices (% up)',
        type: 'bar',
        unit: 'percent',
        data: devices
          .filter((r) => r.percentUp !== null)
          .sort((a, b) => a.percentUp! - b.percentUp!)
          .slice(0, 10)
          .map((r) => ({ name: r.device, value: r.percentUp! })),
      },
    ],
    tables: [
      { title: 'Devices', columns: columns.filter((c) => c.key !== 'link'), rows: devices.map(toRow) },
      { title: 'WAN links', columns, rows: links.map(toRow) },
    ],
    csv: { title: 'Availability', columns, rows: rows.map(toRow) },
  };
}

// ---------------------------------------------------------------- traffic

export interface TrafficRanking {
  /** 'Applications', 'Talkers', 'Sites'. */
  title: string;
  total_bytes: number;
  rows: { name: string; bytes: number; flows: number }[];
}

export function trafficContent(rankings: readonly TrafficRanking[]): ReportContent {
  const total = Math.max(0, ...rankings.map((r) => r.total_bytes));
  const columns: ReportColumn[] = [
    { key: 'ranking', title: 'Ranking', width: 0.9 },
    { key: 'rank', title: '#', width: 0.4 },
    { key: 'name', title: 'Name', width: 2 },
    { key: 'bytes', title: 'Bytes' },
    { key: 'volume', title: 'Volume' },
    { key: 'flows', title: 'Flows' },
  ];
  const rowsOf = (r: TrafficRanking) =>
    r.rows.map((x, i) => ({ ranking: r.title, rank: i + 1, name: x.name, bytes: x.bytes, volume: formatBytes(x.bytes), flows: x.flows }));
  return {
    title: REPORT_KIND_LABELS.traffic,
    figures: [
      { label: 'Total traffic', value: formatBytes(total) },
      ...rankings.map((r) => ({ label: `Top ${r.title.replace(/s$/, '').toLowerCase()}`, value: r.rows[0]?.name ?? '—' })),
    ],
    notes: [],
    charts: rankings.map((r) => ({
      title: `Top ${r.title.toLowerCase()}`,
      type: 'bar' as const,
      unit: 'bytes' as const,
      data: r.rows.map((x) => ({ name: x.name, value: x.bytes })),
    })),
    tables: rankings.map((r) => ({
      title: `Top ${r.title.toLowerCase()}`,
      columns: columns.filter((c) => c.key !== 'ranking' && c.key !== 'bytes'),
      rows: rowsOf(r),
    })),
    csv: { title: 'Top traffic', columns: columns.filter((c) => c.key !== 'volume'), rows: rankings.flatMap(rowsOf) },
  };
}

// ---------------------------------------------------------------- web filter

export interface WebFilterFigures {
  allowed: number;
  blocked: number;
  topBlocked: { name: string; count: number }[];
  topUsers: { name: string; count: number }[];
}

export function webFilterContent(w: WebFilterFigures): ReportContent {
  const total = w.allowed + w.blocked;
  const columns: ReportColumn[] = [
    { key: 'list', title: 'List' },
    { key: 'rank', title: '#', width: 0.4 },
    { key: 'name', title: 'Name', width: 2.4 },
    { key: 'requests', title: 'Requests' },
  ];
  const rowsOf = (list: string, items: { name: string; count: number }[]) => items.map((x, i) => ({ list, rank: i + 1, name: x.name, requests: x.count }));
  return {
    title: REPORT_KIND_LABELS.webfilter,
    figures: [
      { label: 'Requests', value: String(total) },
      { label: 'Allowed', value: String(w.allowed) },
      { label: 'Blocked', value: String(w.blocked) },
      { label: 'Blocked share', value: total ? `${((w.blocked / total) * 100).toFixed(1)} %` : '—' },
    ],
    notes: [],
    charts: [
      {
        title: 'Allowed and blocked',
        type: 'pie',
        unit: 'count',
        data: [
          { name: 'Allowed', value: w.allowed },
          { name: 'Blocked', value: w.blocked },
        ],
      },
      { title: 'Top blocked domains', type: 'bar', unit: 'count', data: w.topBlocked.map((x) => ({ name: x.name, value: x.count })) },
    ],
    tables: [
      { title: 'Top blocked domains', columns: columns.slice(1), rows: rowsOf('Blocked domains', w.topBlocked) },
      { title: 'Top users', columns: columns.slice(1), rows: rowsOf('Users', w.topUsers) },
    ],
    csv: { title: 'Web filter', columns, rows: [...rowsOf('Blocked domains', w.topBlocked), ...rowsOf('Users', w.topUsers)] },
  };
}

// ---------------------------------------------------------------- logs

/** Login logs or activity logs over the period, newest first. */
export function logsContent(kind: 'login_logs' | 'activity_logs', entries: readonly LogEntry[]): ReportContent {
  const users = new Set(entries.map((e) => e.user ?? ''));
  const byAction = new Map<string, number>();
  for (const e of entries) byAction.set(e.action, (byAction.get(e.action) ?? 0) + 1);
  const columns: ReportColumn[] = [
    { key: 'time', title: 'Time', width: 1.4 },
    { key: 'user', title: 'User', width: 1.4 },
    { key: 'action', title: 'Action', width: 1.2 },
    { key: 'target', title: 'Target' },
    { key: 'ip', title: 'IP' },
    { key: 'via_super_admin', title: 'By provider', width: 0.7 },
  ];
  const rows = entries.map((e) => ({ time: e.time, user: e.user, action: e.action, target: e.target, ip: e.ip, via_super_admin: e.via_super_admin }));
  const table = { title: REPORT_KIND_LABELS[kind], columns, rows };
  return {
    title: REPORT_KIND_LABELS[kind],
    figures: [
      { label: 'Entries', value: String(entries.length) },
      { label: 'Users', value: String(users.size) },
      { label: 'Kinds of action', value: String(byAction.size) },
    ],
    notes: [],
    charts: [
      {
        title: 'Entries by action',
        type: 'bar',
        unit: 'count',
        data: [...byAction]
          .map(([name, value]) => ({ name, value }))
          .sort((a, b) => b.value - a.value)
          .slice(0, 12),
      },
    ],
    tables: [table],
    csv: table,
  };
}

// ---------------------------------------------------------------- files

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' };

/** The downloaded file's name: the kind and the period's days, e.g. `inventory-2026-11-01-to-2026-11-27.pdf`. */
export function reportFileName(kind: ReportKind, format: ReportFormat, from: Date, to: Date): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `${kind.replace('_', '-')}-${day(from)}-to-${day(to)}.${format}`;
}
