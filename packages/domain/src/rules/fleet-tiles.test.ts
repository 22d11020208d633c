import { describe, expect, it } from 'vitest';
import type { DeviceRow } from '../api/devices';
import { fleetTiles } from './fleet-tiles';

const row = (id: string, over: Partial<DeviceRow> = {}): DeviceRow => ({
  id,
  name: id,
  device_name: id,
  serial: null,
  deviceType: 'gateway',
  createdBy: null,
  username: null,
  deviceStatus: 'running',
  currentStatus: 'running',
  approved: true,
  active: true,
  lastSeenTime: '2025-01-02T10:00:00Z',
  createdDateTime: '2025-01-01T10:00:00Z',
  os: null,
  model: null,
  version: null,
  macAddress: null,
  location: null,
  latitude: null,
  longitude: null,
  geographicalZone: null,
  publicIp: null,
  vpnIp: null,
  ipAddress: null,
  network_id: null,
  wan_status: [],
  lb_status: null,
  traffic: [],
  configSync: 'synced',
  ...over,
});

const up = { name: 'WAN1', status: 'up' as const, ifname: 'eth0', weight: 1 };
const down = { name: 'WAN2', status: 'down' as const, ifname: 'eth1', weight: 1 };

describe('fleet tiles from the rows', () => {
  it('counts devices online and offline as their status says, and never-seen devices as neither', () => {
    const tiles = fleetTiles(
      [
        row('a'),
        row('b', { deviceStatus: 'modified' }),
        row('c', { deviceStatus: 'error' }),
        row('d', { deviceStatus: 'running', lastSeenTime: null }),
        row('e', { deviceStatus: 'registered' }),
      ],
      3,
    );
    expect(tiles).toMatchObject({ devices: 5, deployed_devices: 4, online_devices: 2, offline_devices: 1, total_networks: 3 });
  });

  it('counts links by their state, and users once each, online through any online device', () => {
    const tiles = fleetTiles(
      [
        row('a', { deviceType: 'endpoint', deviceStatus: 'connected', username: 'ana@acme.test', wan_status: [up, down] }),
        row('b', { deviceType: 'endpoint', deviceStatus: 'offline', username: 'ana@acme.test', wan_status: [down] }),
        row('c', { deviceType: 'endpoint', deviceStatus: 'offline', username: 'bob@acme.test' }),
      ],
      0,
    );
    expect(tiles).toMatchObject({ links: 3, active_links: 1, inactive_links: 2, users: 2, online_users: 1, online_devices: 1, offline_devices: 2 });
  });

  it('is all zero for no device', () => {
    expect(fleetTiles([], 2)).toEqual({
      devices: 0,
      links: 0,
      online_devices: 0,
      active_links: 0,
      inactive_links: 0,
      total_networks: 2,
      deployed_devices: 0,
      offline_devices: 0,
      users: 0,
      online_users: 0,
    });
  });
});
