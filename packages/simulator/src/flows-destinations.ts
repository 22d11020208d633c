import { fixedShare } from './prng';

/**
 * Where simulated flows go: public prefixes that providers announce, each with the country a
 * GeoIP lookup most likely places it in (ISO 3166-1 alpha-2) and, for regional ranges, the data
 * centre's position. Taken from what providers publish (AWS ip-ranges.json regions, Microsoft 365
 * and Zoom endpoint lists, Netflix Open Connect, the providers' registered blocks); realistic
 * enough for a top-countries chart and a GeoIP lookup, not a routing table. Unlike DOC_RANGES
 * these are real addresses, which is the point: documentation ranges have no country.
 */
export interface DestinationRange {
  cidr: string;
  country: string;
  /** [lat, lng] of a regional data centre; absent for anycast ranges served near everyone. */
  at?: readonly [number, number];
}

const r = (cidr: string, country: string, at?: readonly [number, number]): DestinationRange => (at ? { cidr, country, at } : { cidr, country });

/** AWS regions (ip-ranges.json): the one table that spreads a site's cloud traffic over many countries. */
const AWS: readonly DestinationRange[] = [
  r('3.208.0.0/12', 'US', [39.0, -77.5]),
  r('13.56.0.0/16', 'US', [37.4, -122.0]),
  r('35.182.0.0/15', 'CA', [45.5, -73.6]),
  r('18.228.0.0/16', 'BR', [-23.5, -46.6]),
  r('34.240.0.0/13', 'IE', [53.3, -6.3]),
  r('18.130.0.0/16', 'GB', [51.5, -0.1]),
  r('35.180.0.0/16', 'FR', [48.9, 2.4]),
  r('3.120.0.0/14', 'DE', [50.1, 8.7]),
  r('13.48.0.0/15', 'SE', [59.3, 18.1]),
  r('15.160.0.0/16', 'IT', [45.5, 9.2]),
  r('15.184.0.0/15', 'BH', [26.2, 50.6]),
  r('13.244.0.0/15', 'ZA', [-33.9, 18.4]),
  r('13.232.0.0/14', 'IN', [19.1, 72.9]),
  r('13.228.0.0/15', 'SG', [1.35, 103.8]),
  r('18.162.0.0/16', 'HK', [22.3, 114.2]),
  r('13.112.0.0/14', 'JP', [35.7, 139.7]),
  r('13.124.0.0/16', 'KR', [37.6, 127.0]),
  r('13.236.0.0/14', 'AU', [-33.9, 151.2]),
];

/** Hosting where SSH sessions and small sites live. */
const HOSTING: readonly DestinationRange[] = [
  r('88.198.0.0/16', 'DE', [49.5, 11.1]), // Hetzner
  r('95.216.0.0/15', 'FI', [60.2, 24.9]), // Hetzner Helsinki
  r('91.121.0.0/16', 'FR', [50.7, 3.2]), // OVH Roubaix
  r('158.69.0.0/16', 'CA', [45.3, -73.9]), // OVH Beauharnois
  r('85.17.0.0/16', 'NL', [52.4, 4.9]), // Leaseweb
  r('77.88.0.0/18', 'RU', [55.8, 37.6]), // Yandex
];

/** Anycast CDNs: answered by a nearby PoP, placed in the US by GeoIP. */
const CDN: readonly DestinationRange[] = [
  r('104.16.0.0/13', 'US'), // Cloudflare
  r('172.64.0.0/13', 'US'), // Cloudflare
  r('151.101.0.0/16', 'US'), // Fastly
  r('23.32.0.0/11', 'US'), // Akamai
];

export const DESTINATION_POOLS = {
  microsoft: [r('52.96.0.0/14', 'US'), r('40.96.0.0/13', 'US'), r('13.107.136.0/22', 'US'), r('20.190.128.0/18', 'US')],
  teams: [r('52.112.0.0/14', 'US'), r('52.122.0.0/15', 'US')],
  google: [r('142.250.0.0/15', 'US'), r('172.217.0.0/16', 'US'), r('216.58.192.0/19', 'US')],
  'google-video': [r('173.194.0.0/16', 'US'), r('74.125.0.0/16', 'US')],
  netflix: [r('45.57.0.0/17', 'US'), r('198.38.96.0/19', 'US'), r('23.246.0.0/18', 'US'), r('37.77.184.0/21', 'NL', [52.4, 4.9])],
  // Zoom's published meeting ranges: its own US data centres and regional zones on AWS and Tata.
  zoom: [
    r('170.114.0.0/16', 'US'),
    r('206.247.0.0/16', 'US'),
    r('3.7.35.0/25', 'IN', [19.1, 72.9]),
    r('115.114.131.0/26', 'IN', [19.1, 72.9]),
    r('3.25.41.128/25', 'AU', [-33.9, 151.2]),
    r('3.120.121.0/25', 'DE', [50.1, 8.7]),
    r('3.96.19.0/24', 'CA', [45.5, -73.6]),
    r('213.19.144.0/24', 'NL', [52.4, 4.9]),
  ],
  webex: [r('66.114.160.0/20', 'US'), r('170.72.0.0/16', 'US'), r('64.68.96.0/19', 'US')],
  meta: [r('157.240.0.0/16', 'US'), r('129.134.0.0/17', 'US'), r('31.13.64.0/18', 'IE', [53.3, -6.3])],
  apple: [r('17.0.0.0/8', 'US')],
  saas: [r('136.146.0.0/15', 'US'), r('162.125.0.0/16', 'US'), r('108.174.0.0/20', 'US'), r('104.244.40.0/21', 'US'), r('140.82.112.0/20', 'US')],
  aws: AWS,
  cdn: CDN,
  hosting: HOSTING,
  /** Sites at large: CDNs, sites on cloud regions and hosting. */
  web: [...CDN, ...AWS, ...HOSTING],
  /** Public resolvers (Google, Cloudflare, Quad9, OpenDNS): one address each, not a range. */
  dns: [r('8.8.8.8/32', 'US'), r('8.8.4.4/32', 'US'), r('1.1.1.1/32', 'US'), r('9.9.9.9/32', 'US'), r('208.67.222.222/32', 'US')],
  /** time.google.com, time.cloudflare.com. */
  ntp: [r('216.239.35.0/32', 'US'), r('216.239.35.4/32', 'US'), r('162.159.200.1/32', 'US')],
} as const satisfies Record<string, readonly DestinationRange[]>;

export type DestinationPool = keyof typeof DESTINATION_POOLS;

const ipToNumber = (ip: string): number => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const numberToIp = (n: number): string => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

/** The range an address falls in, for tests and a GeoIP stand-in. */
export function destinationRangeOf(ip: string): DestinationRange | undefined {
  const n = ipToNumber(ip);
  return Object.values(DESTINATION_POOLS)
    .flat()
    .find((d) => {
      const [base, prefix] = d.cidr.split('/') as [string, string];
      const start = ipToNumber(base);
      return n >= start && n < start + 2 ** (32 - Number(prefix));
    });
}

/** Degrees between two points, longitude shrunk with latitude: only to rank data centres by nearness. */
function degreesApart(site: { lat?: number; lng: number }, at: readonly [number, number]): number {
  const dLng = Math.abs(((site.lng - at[1] + 540) % 360) - 180);
  // Without a latitude, longitude alone still tells Mumbai from Frankfurt.
  const dLat = site.lat === undefined ? 0 : site.lat - at[0];
  const cos = Math.cos((((site.lat ?? at[0]) + at[0]) / 2) * (Math.PI / 180));
  return Math.hypot(dLat, dLng * cos);
}

/**
 * The server a host resolves to for a site: a range of its pool, nearer data centres much more
 * likely (as DNS-based load balancing answers), then one of a few addresses in it (`slot`, so
 * different clients reach different servers of the same service). Pure: the same host at the same
 * site gives the same answer on every run and every interval, as a cached DNS answer would.
 */
export function destinationAddress(pool: DestinationPool, host: string, site: { lat?: number; lng: number }, slot: number): string {
  const ranges: readonly DestinationRange[] = DESTINATION_POOLS[pool];
  const weights = ranges.map((d) => (d.at ? 3 / (1 + (degreesApart(site, d.at) / 20) ** 2) : 1));
  let u = fixedShare(pool, host, 'range') * weights.reduce((a, b) => a + b, 0);
  let range = ranges[ranges.length - 1]!;
  for (let i = 0; i < ranges.length; i++) {
    u -= weights[i]!;
    if (u < 0) {
      range = ranges[i]!;
      break;
    }
  }
  const [base, prefix] = range.cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(prefix));
  if (size === 1) return base;
  // Skip the range's first and last address, and any .0 or .255: some filters drop those.
  let n = ipToNumber(base) + 1 + Math.floor(fixedShare(host, 'addr', slot) * (size - 2));
  if (n % 256 === 0) n += 1;
  if (n % 256 === 255) n -= 1;
  return numberToIp(n);
}
