import type { DeviceRow } from '@netloom/domain';

// Sample data for the gallery: cities on every continent, so clustering and fitting show.
const CITIES: [string, number, number][] = [
  ['Chennai', 13.0827, 80.2707],
  ['Mumbai', 19.076, 72.8777],
  ['Bengaluru', 12.9716, 77.5946],
  ['Delhi', 28.6139, 77.209],
  ['Singapore', 1.3521, 103.8198],
  ['Tokyo', 35.6762, 139.6503],
  ['Sydney', -33.8688, 151.2093],
  ['Dubai', 25.2048, 55.2708],
  ['Nairobi', -1.2921, 36.8219],
  ['Lagos', 6.5244, 3.3792],
  ['Cairo', 30.0444, 31.2357],
  ['Johannesburg', -26.2041, 28.0473],
  ['London', 51.5072, -0.1276],
  ['Paris', 48.8566, 2.3522],
  ['Berlin', 52.52, 13.405],
  ['Madrid', 40.4168, -3.7038],
  ['Stockholm', 59.3293, 18.0686],
  ['New York', 40.7128, -74.006],
  ['Chicago', 41.8781, -87.6298],
  ['Toronto', 43.6532, -79.3832],
  ['San Francisco', 37.7749, -122.4194],
  ['Mexico City', 19.4326, -99.1332],
  ['São Paulo', -23.5505, -46.6333],
  ['Buenos Aires', -34.6037, -58.3816],
  ['Lima', -12.0464, -77.0428],
  ['Anchorage', 61.2181, -149.9003],
];
const STATUSES = ['running', 'running', 'running', 'running', 'error', 'modified', 'registered', 'connected', 'offline'];

/** A small deterministic generator: the gallery looks the same on every load and in screenshots. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sampleRow(i: number, city: [string, number, number], rnd: () => number): DeviceRow {
  const [location, lat, lng] = city;
  const status = STATUSES[Math.floor(rnd() * STATUSES.length)]!;
  const name = `edge-${location.toLowerCase().replace(/[^a-z]/g, '')}-${String(i).padStart(4, '0')}`;
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name,
    device_name: name,
    serial: `SN-${String(i).padStart(6, '0')}`,
    deviceType: status === 'connected' || status === 'offline' ? 'endpoint' : 'gateway',
    createdBy: 'owner@acme.test',
    username: null,
    deviceStatus: status,
    currentStatus: status,
    approved: true,
    active: true,
    lastSeenTime: status === 'registered' ? null : new Date(Date.UTC(2026, 0, 1, 10, 0) - Math.floor(rnd() * 3_600_000)).toISOString(),
    createdDateTime: '2025-06-01T10:00:00Z',
    os: 'NetloomOS',
    model: 'NL-100',
    version: '1.0.0',
    macAddress: null,
    location,
    // Spread over a metro area: a device every few hundred metres to tens of kilometres.
    latitude: lat + (rnd() - 0.5) * 0.6,
    longitude: lng + (rnd() - 0.5) * 0.6,
    geographicalZone: null,
    publicIp: `203.0.${Math.floor(i / 250) % 256}.${(i % 250) + 1}`,
    vpnIp: null,
    ipAddress: null,
    network_id: null,
    wan_status: [{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }],
    lb_status: null,
    traffic: [],
    configSync: 'synced',
  };
}

/** `count` devices around the world, plus a few with coordinates no map can draw. */
export function sampleFleet(count: number, seed = 7): DeviceRow[] {
  const rnd = seededRandom(seed);
  const rows = Array.from({ length: count }, (_, i) => sampleRow(i, CITIES[i % CITIES.length]!, rnd));
  const broken: [number, number][] = [
    [95, 10],
    [Number.NaN, 80],
    [12, 200],
  ];
  broken.forEach(([lat, lng], k) => {
    const row = sampleRow(count + k, CITIES[0]!, rnd);
    rows.push({
      ...row,
      name: `edge-bad-coords-${k + 1}`,
      deviceStatus: 'running',
      currentStatus: 'running',
      lastSeenTime: '2026-01-01T10:00:00Z',
      latitude: lat,
      longitude: lng,
    });
  });
  return rows;
}

/** One live tick: a few devices change status, as heartbeats and timeouts would. */
export function flipSomeStatuses(rows: readonly DeviceRow[], rnd: () => number, howMany = 25): DeviceRow[] {
  const next = rows.slice();
  for (let k = 0; k < howMany; k++) {
    const i = Math.floor(rnd() * next.length);
    const row = next[i]!;
    const status = row.deviceStatus === 'error' ? 'running' : row.deviceStatus === 'running' ? 'error' : row.deviceStatus;
    next[i] = { ...row, deviceStatus: status, currentStatus: status, lastSeenTime: new Date().toISOString() };
  }
  return next;
}
