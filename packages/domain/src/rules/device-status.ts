/** Device statuses and their presentation (spec 000 §2.4, §2.5, §4). */
export const SDWAN_STATUSES = ['running', 'error', 'registered', 'modified'] as const;
export const ZTNA_STATUSES = ['connected', 'online', 'offline', 'registered'] as const;
export type SdwanStatus = (typeof SDWAN_STATUSES)[number];
export type ZtnaStatus = (typeof ZTNA_STATUSES)[number];
export type DeviceStatus = SdwanStatus | ZtnaStatus;

export const DEVICE_FILTERS = ['all', 'online', 'connected', 'offline', 'undeployed'] as const;
export type DeviceFilter = (typeof DEVICE_FILTERS)[number];

export interface StatusInput {
  deviceStatus: string | null | undefined;
  lastSeenTime: string | null | undefined;
}

/** A device that was never seen is Registered, whatever it last claimed. */
export function effectiveStatus(device: StatusInput): string {
  if (!device.lastSeenTime) return 'registered';
  return (device.deviceStatus ?? 'registered').toLowerCase();
}

const LABELS: Record<string, string> = {
  running: 'Running',
  error: 'Not Reachable',
  registered: 'Registered',
  modified: 'Modified',
  connected: 'Connected',
  online: 'Online',
  offline: 'Offline',
};

/** The header's name for a status: running is Running, error is Not Reachable. */
export const statusLabel = (status: string): string => LABELS[status.toLowerCase()] ?? status;

/** Device dashboard filter (spec 000 §4). */
export function matchesDeviceFilter(device: StatusInput, filter: DeviceFilter, product: 'sdwan' | 'ztna'): boolean {
  if (filter === 'all') return true;
  const status = effectiveStatus(device);
  if (filter === 'undeployed') return status === 'registered' || !device.lastSeenTime;
  if (product === 'sdwan') {
    if (filter === 'online' || filter === 'connected') return status === 'running';
    return status === 'error';
  }
  return status.includes(filter.toLowerCase());
}

export type WanLinkStatus = 'up' | 'down' | string;

/** WAN badge colours: up green, down orange-red, anything else amber. */
export function wanBadgeColor(status: WanLinkStatus | null | undefined): 'green' | 'orangered' | 'amber' {
  if (status === 'up') return 'green';
  if (status === 'down') return 'orangered';
  return 'amber';
}

/** The statuses in which a device counts as online: the tiles, the offline sweep and the map's green marker. */
export const ONLINE_STATUSES = ['running', 'modified', 'connected', 'online'] as const;

const GREEN_STATUSES = new Set<string>(ONLINE_STATUSES);
const RED_STATUSES = new Set(['error', 'offline']);

/** Map marker colour, or null when the device gets no marker (other statuses, zone '0'). */
export function markerColor(device: StatusInput & { geographicalZone?: string | null }): 'green' | 'red' | null {
  if (device.geographicalZone === '0') return null;
  const status = effectiveStatus(device);
  if (GREEN_STATUSES.has(status)) return 'green';
  if (RED_STATUSES.has(status)) return 'red';
  return null;
}

/** At most 3 WAN columns; the third only when a device has more than 2 WAN links. */
export function wanColumnCount(devices: readonly { wan_status?: readonly unknown[] | null }[]): number {
  const most = devices.reduce((max, d) => Math.max(max, d.wan_status?.length ?? 0), 0);
  return most > 2 ? 3 : 2;
}
