import type { DeviceRow, TenantInfo } from '../api/devices';
import { ONLINE_STATUSES } from './device-status';

const ONLINE = new Set<string>(ONLINE_STATUSES);
const DOWN = new Set(['error', 'offline']);

/**
 * The dashboard tiles counted from the device rows the dashboard shows, by the rules the server's
 * count follows (a device never seen is neither online nor offline; a user counts once, online
 * once one of their devices is), so a device changing state changes its row and the tiles in the
 * same update. How many device groups the tenant has is not in the rows: it comes from the server.
 */
export function fleetTiles(rows: readonly DeviceRow[], totalNetworks: number): TenantInfo {
  let deployed = 0;
  let online = 0;
  let offline = 0;
  let links = 0;
  let activeLinks = 0;
  const users = new Set<string>();
  const onlineUsers = new Set<string>();
  for (const d of rows) {
    const seen = d.lastSeenTime !== null;
    const isOnline = seen && ONLINE.has(d.deviceStatus);
    if (seen) deployed += 1;
    if (isOnline) online += 1;
    if (seen && DOWN.has(d.deviceStatus)) offline += 1;
    links += d.wan_status.length;
    activeLinks += d.wan_status.filter((l) => l.status === 'up').length;
    if (d.username !== null) {
      users.add(d.username);
      if (isOnline) onlineUsers.add(d.username);
    }
  }
  return {
    devices: rows.length,
    links,
    online_devices: online,
    active_links: activeLinks,
    inactive_links: links - activeLinks,
    total_networks: totalNetworks,
    deployed_devices: deployed,
    offline_devices: offline,
    users: users.size,
    online_users: onlineUsers.size,
  };
}
