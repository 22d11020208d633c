import { configSyncState, effectiveStatus, type ConfigSyncState, type DeviceRow } from '@netloom/domain';
import type { devices } from '../db/schema/devices';

export type DeviceRecord = typeof devices.$inferSelect;

/** The columns a device row is made of, and only those: the device list selects just these. */
export const ROW_COLUMNS = [
  'id',
  'name',
  'serial',
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
  'configPush',
  'configPushError',
] as const satisfies readonly (keyof DeviceRecord)[];
/** A device as the device list reads it. */
export type ListedDevice = Pick<DeviceRecord, (typeof ROW_COLUMNS)[number]>;

/** What a device's sync state is made of: its row's hashes and where the push of the desired one stands. */
export type SyncFacts = Pick<DeviceRecord, 'configHash' | 'appliedConfigHash' | 'configPush' | 'configPushError'>;

/**
 * How a device stands to its desired configuration: the domain's one rule, fed from the device's
 * row everywhere it is shown (device list, live rows, Configure page, inventories). A push the
 * device acknowledged is what it was last sent, so running anything else is drift.
 */
export function configSyncOf(d: SyncFacts): { state: ConfigSyncState; error: string | null } {
  const error = d.configPush === 'failed' ? (d.configPushError ?? 'refused') : null;
  const state = configSyncState({
    desiredHash: d.configHash,
    ackedHash: d.configPush === 'done' ? d.configHash : null,
    reportedHash: d.appliedConfigHash,
    pushInFlight: d.configPush === 'open',
    lastError: error,
  });
  return { state, error };
}

/** The device row of the dashboard, as REST answers and the live socket pushes it. */
export function toDeviceRow(d: ListedDevice): DeviceRow {
  const lastSeenTime = d.lastSeenAt?.toISOString() ?? null;
  return {
    id: d.id,
    name: d.name,
    device_name: d.name,
    serial: d.serial,
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
    configSync: configSyncOf(d).state,
  };
}
