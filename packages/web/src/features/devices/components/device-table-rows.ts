import { DATE_FORMATS, effectiveStatus, formatDate, ownerName, statusLabel, wanColumnCount, type DeviceRow } from '@netloom/domain';

/** One row of the device dashboard table: the device as shown, searched, sorted and exported. */
export interface DeviceTableRow {
  id: string;
  name: string;
  /** Shown under the name where another device of the table has the same name. */
  serial: string | null;
  owner: string;
  os: string;
  publicIp: string;
  vpnIp: string;
  location: string;
  /** The effective status key (running, error, registered…). */
  statusKey: string;
  status: string;
  /** ISO, so the column sorts by time; the text below is what is shown and exported. */
  lastSeenTime: string;
  lastSeenText: string;
  createdDateTime: string;
  createdText: string;
  wan: DeviceRow['wan_status'];
}

function toTableRow(d: DeviceRow, timezone?: string | null): DeviceTableRow {
  const statusKey = effectiveStatus(d);
  return {
    id: d.id,
    name: d.name,
    serial: d.serial,
    // ZTNA endpoints name the signed-in user; gateways their owner's address.
    owner: ownerName(d.username ?? d.createdBy),
    os: d.os ?? '',
    publicIp: d.publicIp ?? '',
    vpnIp: d.vpnIp ?? '',
    location: d.location ?? '',
    statusKey,
    status: statusLabel(statusKey),
    lastSeenTime: d.lastSeenTime ?? '',
    lastSeenText: d.lastSeenTime ? formatDate(d.lastSeenTime, { timezone, format: DATE_FORMATS.lastSeen }) : 'Registered',
    createdDateTime: d.createdDateTime,
    createdText: formatDate(d.createdDateTime, { timezone, format: DATE_FORMATS.lastSeen }),
    wan: d.wan_status,
  };
}

const cache = new WeakMap<DeviceRow, { timezone: string | null | undefined; row: DeviceTableRow }>();
const devicesOfRows = new WeakMap<DeviceTableRow, DeviceRow>();

/**
 * The same, remembered per device row: a live partial update keeps every unchanged row's object,
 * so a 10,000-device table formats only the devices that changed.
 */
export function cachedTableRow(d: DeviceRow, timezone?: string | null): DeviceTableRow {
  const hit = cache.get(d);
  if (hit && hit.timezone === timezone) return hit.row;
  const row = toTableRow(d, timezone);
  cache.set(d, { timezone, row });
  devicesOfRows.set(row, d);
  return row;
}

/**
 * The device a cached row was made from. A cell that needs the whole device reads it here rather
 * than from a lookup rebuilt on every live update, which would give the table new columns and
 * re-render every row each time one device reports.
 */
export function deviceOfRow(row: DeviceTableRow): DeviceRow | undefined {
  return devicesOfRows.get(row);
}

/** CSV 'Device Details' (spec 000 §2.4), the same columns for both products. */
export const DEVICE_CSV = {
  title: 'Device Details',
  titles: ['Device Name', 'Username', 'Public IP', 'Vpn IP', 'OS', 'Location', 'Device Status', 'Created At', 'Last Seen'],
  keys: ['name', 'owner', 'publicIp', 'vpnIp', 'os', 'location', 'status', 'createdText', 'lastSeenText'],
} as const;

/** Up to 3 WAN columns; the third needs a device with 3 links and the tenant's wan3 setting. */
export function shownWanColumns(devices: readonly DeviceRow[], wan3Allowed: boolean): number {
  const count = wanColumnCount(devices);
  return count === 3 && !wan3Allowed ? 2 : count;
}
