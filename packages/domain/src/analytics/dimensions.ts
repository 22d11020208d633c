import { getDomain } from 'tldts';
import { ipv4ToNumber, isIPv4 } from '../validators/ipv4';
import { classifyFlow, EPHEMERAL_PORT_MIN, serverPort } from './applications';
import { protocolLabel, type FlowRecord } from './flows';
import { OTHER_KEY } from './top-n';

/**
 * What the analytics store counts bytes by. Every rollup row is (time bucket, device, dimension,
 * key): one table answers every chart, and a new event source (web filter, ZTNA sessions) adds
 * dimensions, not tables.
 */
export const FLOW_DIMENSIONS = [
  'site',
  'application',
  'src_ip',
  'dst_ip',
  'src_country',
  'dst_country',
  'user',
  'user_app',
  'protocol',
  'server_port',
  'client_port',
  'wan',
  'device',
] as const;
export type FlowDimension = (typeof FLOW_DIMENSIONS)[number];

/** Records with no user, country or WAN count under this key: the bytes stay in the totals. */
export const UNKNOWN_KEY = 'Unknown';

/** Client ports at or above EPHEMERAL_PORT_MIN are counted together: one row per random port would make the rollups as big as the raw table. */
export const EPHEMERAL_PORTS_KEY = `${EPHEMERAL_PORT_MIN}-65535`;

const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
];
const PRIVATE_RANGES = PRIVATE_V4.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return { net: (ipv4ToNumber(base) & mask) >>> 0, mask };
});

/**
 * Private, shared (CGNAT), loopback, link-local, documentation and multicast addresses: no
 * country. The registries' lists place some of them in a country (the block's holder); a GeoIP
 * answer for them would be wrong.
 */
export function isNonPublicIPv4(ip: string): boolean {
  if (!isIPv4(ip)) return true;
  const n = ipv4ToNumber(ip) >>> 0;
  return PRIVATE_RANGES.some((r) => (n & r.mask) >>> 0 === r.net);
}

/**
 * The site a record went to: the registrable domain of the host the device saw (public-suffix
 * rules, so 'www.bbc.co.uk' is 'bbc.co.uk' and 'rr3.googlevideo.com' 'googlevideo.com'), the
 * destination address when the device saw no name.
 */
export function siteOf(record: Pick<FlowRecord, 'application' | 'dst_ip'>): string {
  const host = record.application?.trim().toLowerCase();
  if (host && host.includes('.')) return getDomain(host, { allowPrivateDomains: false }) ?? host;
  return record.dst_ip;
}

/** A port key as the charts show it: 'TCP/443'. */
export const portKey = (protocol: number, port: number): string => `${protocolLabel(protocol)}/${port}`;

export const clientPortKey = (protocol: number, port: number): string =>
  port >= EPHEMERAL_PORT_MIN ? `${protocolLabel(protocol)}/${EPHEMERAL_PORTS_KEY}` : portKey(protocol, port);

/** Where the server found what the device did not say. */
export interface FlowEnrichment {
  srcCountry: string | null;
  dstCountry: string | null;
  /** The record's user, else the ZTNA user of the endpoint that exported it. */
  user: string | null;
  /** The exporting device: the Top Talkers key on the dashboards (its name can change, its id cannot). */
  deviceId: string;
}

/** The user and application pair of the per-user charts, split again with splitUserApp. */
const PAIR = '\t';
export const userAppKey = (user: string, application: string): string => `${user}${PAIR}${application}`;
export function splitUserApp(key: string): { user: string; application: string } {
  const at = key.indexOf(PAIR);
  return at < 0 ? { user: key, application: OTHER_KEY } : { user: key.slice(0, at), application: key.slice(at + 1) };
}

/** The key of every dimension for one record, with its classified application. */
export function dimensionKeys(record: FlowRecord, e: FlowEnrichment): Record<FlowDimension, string> {
  const application = classifyFlow(record);
  const user = e.user ?? UNKNOWN_KEY;
  const server = serverPort({ srcPort: record.src_port, dstPort: record.dst_port });
  const client = server === record.dst_port ? record.src_port : record.dst_port;
  return {
    site: siteOf(record),
    application,
    src_ip: record.src_ip,
    dst_ip: record.dst_ip,
    src_country: e.srcCountry ?? UNKNOWN_KEY,
    dst_country: e.dstCountry ?? UNKNOWN_KEY,
    user,
    user_app: userAppKey(user, application),
    protocol: protocolLabel(record.protocol),
    server_port: portKey(record.protocol, server),
    client_port: clientPortKey(record.protocol, client),
    wan: record.wan ?? UNKNOWN_KEY,
    device: e.deviceId,
  };
}
