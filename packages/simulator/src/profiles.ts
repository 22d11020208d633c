import type { EndpointOs, PostureReport } from '@netloom/domain';
import type { LinkKind, LinkState } from './links';
import { PLACES, DOC_RANGES, type Place } from './places';
import { accessAddress } from './access-addresses';
import { chance, fixedShare, pick, randomBetween, randomInt, type Random } from './prng';
import { chosenPosture, installedClientVersion, postureOf, type PostureChoice } from './ztna-posture';

export type { EndpointOs };

interface ProfileBase {
  serial: string;
  name: string;
  mac: string;
  model: string;
  os: string;
  version: string;
  place: Place;
  lat: number;
  lng: number;
  vpnIp: string;
  /** Metrics with every heartbeat (1) or every other (2). */
  metricsEvery: 1 | 2;
}

export interface GatewayProfile extends ProfileBase {
  kind: 'gateway';
  links: LinkState[];
  publicIps: string[];
  bonding: boolean;
  peakBps: number;
}

export interface EndpointProfile extends ProfileBase {
  kind: 'endpoint';
  osFamily: EndpointOs;
  user: string;
  ifname: string;
  publicIp: string;
  peakBps: number;
  baseLatencyMs: number;
  /** What its agent reports of its posture as it was installed (`version` is its client version). */
  posture: PostureReport;
}

export type DeviceProfile = GatewayProfile | EndpointProfile;

const GATEWAY_MODELS = [
  { model: 'NL-Edge 100', links: 1 },
  { model: 'NL-Edge 300', links: 2 },
  { model: 'NL-Edge 500', links: 3 },
  { model: 'NL-Branch 1000', links: 3 },
] as const;
const GATEWAY_VERSIONS = ['4.2.1', '4.2.3', '4.3.0', '4.3.2'];

const LINK_KINDS: Record<LinkKind, { latency: [number, number]; peakMbps: [number, number] }> = {
  fibre: { latency: [4, 18], peakMbps: [200, 900] },
  broadband: { latency: [12, 35], peakMbps: [50, 300] },
  lte: { latency: [35, 90], peakMbps: [10, 80] },
  mpls: { latency: [8, 25], peakMbps: [20, 100] },
};

const ENDPOINTS: Record<EndpointOs, { models: string[]; ifnames: string[]; device: string; weight: number }> = {
  windows: {
    models: ['ThinkPad X1 Carbon', 'Dell Latitude 7440', 'HP EliteBook 840', 'Surface Laptop 5'],
    ifnames: ['Wi-Fi', 'Ethernet'],
    device: 'laptop',
    weight: 4,
  },
  macos: { models: ['MacBook Air M2', 'MacBook Pro 14', 'iMac 24'], ifnames: ['en0', 'en1'], device: 'mac', weight: 3 },
  linux: { models: ['ThinkPad T14', 'Framework 13', 'Dell XPS 13'], ifnames: ['wlp2s0', 'enp0s31f6'], device: 'linux', weight: 1 },
  android: { models: ['Pixel 8', 'Galaxy S24', 'OnePlus 12'], ifnames: ['wlan0', 'rmnet0'], device: 'phone', weight: 2 },
  ios: { models: ['iPhone 15', 'iPhone 14', 'iPad Air'], ifnames: ['en0', 'pdp_ip0'], device: 'iphone', weight: 2 },
};

const FIRST_NAMES = [
  'anna',
  'ravi',
  'priya',
  'liam',
  'sofia',
  'kenji',
  'amara',
  'lucas',
  'mei',
  'omar',
  'elena',
  'kwame',
  'isabel',
  'noah',
  'aisha',
  'mateo',
  'yuki',
  'fatima',
  'jonas',
  'zara',
];
const LAST_NAMES = ['kumar', 'smith', 'garcia', 'tanaka', 'okafor', 'muller', 'rossi', 'silva', 'chen', 'haddad', 'nowak', 'dubois', 'kim', 'mensah', 'lopez'];

const hex = (random: Random, n: number): string => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');

const macFrom = (random: Random): string => `02:${Array.from({ length: 5 }, () => hex(random, 2)).join(':')}`;

const docIp = (random: Random): string => `${pick(random, DOC_RANGES)}.${randomInt(random, 1, 254)}`;

const vpnIp = (random: Random): string => `10.${randomInt(random, 8, 250)}.${randomInt(random, 0, 255)}.${randomInt(random, 2, 254)}`;

const slug = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** Places spread round the world, not only the first few: index 0 is Chennai, the rest random. */
const placeFor = (random: Random, index: number): Place => (index === 0 ? PLACES[0]! : pick(random, PLACES));

function weightedOs(random: Random): EndpointOs {
  const entries = Object.entries(ENDPOINTS) as [EndpointOs, (typeof ENDPOINTS)[EndpointOs]][];
  let r = random() * entries.reduce((s, [, e]) => s + e.weight, 0);
  for (const [os, e] of entries) {
    r -= e.weight;
    if (r < 0) return os;
  }
  return 'windows';
}

/** A gateway: 1–3 WAN links of mixed kinds, bonding on some multi-link sites. */
export function gatewayProfile(random: Random, index: number): GatewayProfile {
  const place = placeFor(random, index);
  const hw = pick(random, GATEWAY_MODELS);
  const kinds: LinkKind[] = ['fibre', pick(random, ['broadband', 'lte', 'mpls'] as const), 'lte'];
  const links: LinkState[] = kinds.slice(0, hw.links).map((kind, i) => ({
    name: `WAN${i + 1}`,
    ifname: `eth${i}`,
    weight: i === 0 ? 10 : randomInt(random, 1, 5),
    kind,
    baseLatencyMs: randomBetween(random, ...LINK_KINDS[kind].latency),
    up: true,
    downTicks: 0,
  }));
  const peakMbps = randomBetween(random, ...LINK_KINDS[kinds[0]!].peakMbps);
  return {
    kind: 'gateway',
    serial: `NLG${hex(random, 10).toUpperCase()}`,
    name: `gw-${slug(place.city)}-${String(index + 1).padStart(2, '0')}`,
    mac: macFrom(random),
    model: hw.model,
    os: 'NetloomOS',
    version: pick(random, GATEWAY_VERSIONS),
    place,
    lat: place.lat,
    lng: place.lng,
    vpnIp: vpnIp(random),
    metricsEvery: chance(random, 0.5) ? 1 : 2,
    links,
    publicIps: links.map(() => docIp(random)),
    bonding: links.length > 1 && chance(random, 0.5),
    peakBps: (peakMbps * 1e6) / 8 / 4,
  };
}

/** A ZTNA endpoint: a person's laptop or phone, signed in with an address of the tenant's domain. */
export function endpointProfile(random: Random, index: number, emailDomain: string): EndpointProfile {
  const place = placeFor(random, index);
  const osFamily = weightedOs(random);
  const kind = ENDPOINTS[osFamily];
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const mobile = osFamily === 'android' || osFamily === 'ios';
  // Drawn in the order they always were, so a seed keeps its fleet.
  const serial = `NLE${hex(random, 10).toUpperCase()}`;
  const mac = macFrom(random);
  const model = pick(random, kind.models);
  const version = installedClientVersion(osFamily, random);
  return {
    kind: 'endpoint',
    serial,
    name: `${first}-${kind.device}-${index + 1}`,
    mac,
    model,
    os: osFamily,
    osFamily,
    version,
    place,
    // People are not all at the city hall: spread them a few kilometres.
    lat: Number((place.lat + randomBetween(random, -0.05, 0.05)).toFixed(4)),
    lng: Number((place.lng + randomBetween(random, -0.05, 0.05)).toFixed(4)),
    vpnIp: vpnIp(random),
    metricsEvery: 2,
    user: `${first}.${last}@${emailDomain}`,
    ifname: pick(random, kind.ifnames),
    // One of its country's (GeoIP places it, a country condition can match).
    publicIp: accessAddress(random, place),
    peakBps: randomBetween(random, 0.2e6, mobile ? 1.5e6 : 4e6),
    baseLatencyMs: randomBetween(random, mobile ? 30 : 10, mobile ? 80 : 45),
    posture: postureOf(serial, osFamily, version),
  };
}

/** What a test or a journey chooses of an endpoint: who signs in on it, its system, its posture. */
export interface EndpointSpec {
  user?: string;
  os?: EndpointOs;
  posture?: PostureChoice;
  /** The Wi-Fi signal it starts with (dBm): a user far from the access point (its DEM tests suffer). */
  wifiDbm?: number;
}

/** An endpoint as the fleet built it, with what was chosen of it instead (the rest stays as the seed made it). */
export function withEndpointSpec(p: EndpointProfile, spec: EndpointSpec): EndpointProfile {
  const osFamily = spec.os ?? p.osFamily;
  const kind = ENDPOINTS[osFamily];
  const first =
    (spec.user ?? p.user)
      .split(/[@.]/)[0]!
      .replace(/[^a-z0-9-]/gi, '')
      .toLowerCase() || 'user';
  const index = p.name.slice(p.name.lastIndexOf('-') + 1);
  const osChanged = osFamily !== p.osFamily;
  const version = osChanged ? installedClientVersion(osFamily, () => fixedShare(p.serial, 'client')) : p.version;
  const posture = spec.posture ? chosenPosture(osFamily, spec.posture) : osChanged ? postureOf(p.serial, osFamily, version) : p.posture;
  return {
    ...p,
    user: spec.user ?? p.user,
    name: spec.user || osChanged ? `${first}-${kind.device}-${index}` : p.name,
    os: osFamily,
    osFamily,
    model: osChanged ? kind.models[Math.floor(fixedShare(p.serial, 'model') * kind.models.length)]! : p.model,
    ifname: osChanged ? kind.ifnames[0]! : p.ifname,
    version: posture.client_version ?? version,
    posture,
  };
}
