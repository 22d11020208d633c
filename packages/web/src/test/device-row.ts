import type { DeviceRow } from '@netloom/domain';

/** A device row as REST and the live hub send it, for tests; `over` replaces any field. */
export function deviceRow(id: string, over: Partial<DeviceRow> = {}): DeviceRow {
  return {
    id,
    name: `edge-${id}`,
    device_name: `edge-${id}`,
    serial: `SN-${id.slice(0, 8)}`,
    deviceType: 'gateway',
    createdBy: 'owner@acme.test',
    username: null,
    deviceStatus: 'running',
    currentStatus: 'running',
    approved: true,
    active: true,
    lastSeenTime: '2025-01-02T10:00:00Z',
    createdDateTime: '2025-01-01T10:00:00Z',
    os: 'NetloomOS',
    model: 'NL-100',
    version: '1.0.0',
    macAddress: null,
    location: 'Chennai',
    latitude: 13.08,
    longitude: 80.27,
    geographicalZone: null,
    publicIp: '203.0.113.10',
    vpnIp: null,
    ipAddress: null,
    network_id: null,
    wan_status: [{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }],
    lb_status: null,
    traffic: [],
    configSync: 'synced',
    ...over,
  };
}
