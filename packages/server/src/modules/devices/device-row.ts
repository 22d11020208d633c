import { effectiveStatus, type DeviceRow } from '@netloom/domain';
import type { devices } from '../../db/schema/index';

export type DeviceRecord = typeof devices.$inferSelect;

/** The columns a device row is made of, and only those: the list statement selects just these. */
export const ROW_COLUMNS = [
  'id', 'name', 'kind', 'createdBy', 'username', 'deviceStatus', 'approved', 'active', 'lastSeenAt', 'createdAt', 'os', 'model',
  'version', 'macAddress', 'locationName', 'latitude', 'longitude', 'geographicalZone', 'publicIp', 'vpnIp', 'networkId',
  'wanStatus', 'lbStatus', 'traffic', 'configHash', 'appliedConfigHash',
] as const satisfies readonly (keyof DeviceRecord)[];
/** Of those, the timestamps: the list statement writes them as ISO text. */
export const ROW_TIMESTAMPS = ['lastSeenAt', 'createdAt'] as const satisfies readonly (typeof ROW_COLUMNS)[number][];
type PlainFields = Pick<DeviceRecord, Exclude<(typeof ROW_COLUMNS)[number], (typeof ROW_TIMESTAMPS)[number]>>;

/**
 * What a device row is made from: a stored device, or a listed one whose timestamps the list
 * statement already wrote as ISO text (the answer needs text; parsing to a Date and writing it back
 * was a tenth of the list's server time, bench:api).
 */
export type RowSource = PlainFields & { lastSeenAt: Date | string | null; createdAt: Date | string };
/** A device as the list statement returns it. */
export type ListedDevice = PlainFields & { lastSeenAt: string | null; createdAt: string };

const iso = (t: Date | string) => (typeof t === 'string' ? t : t.toISOString());

/** synced when the device runs the wanted configuration, syncing while a job carries it, else not synced. */
export function configSync(d: Pick<DeviceRecord, 'configHash' | 'appliedConfigHash'>, syncing = false): DeviceRow['configSync'] {
  if (!d.configHash || d.configHash === d.appliedConfigHash) return 'synced';
  return syncing ? 'syncing' : 'not synced';
}

/** The device row of the dashboard, as REST answers and the live socket pushes it. */
export function toDeviceRow(d: RowSource): DeviceRow {
  const lastSeenTime = d.lastSeenAt ? iso(d.lastSeenAt) : null;
  return {
    id: d.id,
    name: d.name,
    device_name: d.name,
    deviceType: d.kind,
    createdBy: d.createdBy,
    username: d.username,
    deviceStatus: d.deviceStatus,
    currentStatus: effectiveStatus({ deviceStatus: d.deviceStatus, lastSeenTime }),
    approved: d.approved,
    active: d.active,
    lastSeenTime,
    createdDateTime: iso(d.createdAt),
    os: d.os,
    model: d.model,
    version: d.version,
    macAddress: d.macAddress,
    location: d.locationName,
    latitude: d.latitude,
    longitude: d.longitude,
    geographicalZone: d.geographicalZone,
    publicIp: d.publicIp,
    vpnIp: d.vpnIp,
    ipAddress: d.vpnIp ?? d.publicIp,
    network_id: d.networkId,
    wan_status: d.wanStatus,
    lb_status: d.lbStatus ?? null,
    traffic: d.traffic,
    configSync: configSync(d),
  };
}
