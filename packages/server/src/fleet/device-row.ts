import { effectiveStatus, type DeviceRow } from '@netloom/domain';
import type { devices } from '../db/schema/index';

export type DeviceRecord = typeof devices.$inferSelect;

/** The columns a device row is made of, and only those: the device list selects just these. */
export const ROW_COLUMNS = [
  'id',
  'name',
  'kind',
  'createdBy',
  'username',
  'deviceStatus',
  'approved',
  'active',
  'lastSeenAt',
  'createdAt',
  'os',
  'model',
  'version',
  'macAddress',
  'locationName',
  'latitude',
  'longitude',
  'geographicalZone',
  'publicIp',
  'vpnIp',
  'networkId',
  'wanStatus',
  'lbStatus',
  'traffic',
  'configHash',
  'appliedConfigHash',
] as const satisfies readonly (keyof DeviceRecord)[];
/** A device as the device list reads it. */
export type ListedDevice = Pick<DeviceRecord, (typeof ROW_COLUMNS)[number]>;

/** synced when the device runs the wanted configuration, syncing while a job carries it, else not synced. */
export function configSync(d: Pick<DeviceRecord, 'configHash' | 'appliedConfigHash'>, syncing = false): DeviceRow['configSync'] {
  if (!d.configHash || d.configHash === d.appliedConfigHash) return 'synced';
  return syncing ? 'syncing' : 'not synced';
}

/** The device row of the dashboard, as REST answers and the live socket pushes it. */
export function toDeviceRow(d: ListedDevice): DeviceRow {
  const lastSeenTime = d.lastSeenAt?.toISOString() ?? null;
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
    createdDateTime: d.createdAt.toISOString(),
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
