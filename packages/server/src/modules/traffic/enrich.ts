// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types for a package whose exports map hides its own; an import would not declare them for other tsconfigs (bench)
/// <reference path="./country-coder.d.ts" />
import { iso1A2Code } from '@ideditor/country-coder';
import { dimensionKeys, isNonPublicIPv4, type FlowRecord, type TrafficProduct } from '@netloom/domain';
import type { DeviceRecord } from '../../fleet/device-row';
import type { CountryLookup } from './geoip';
import type { FlowToStore } from './store';

/** What ingest knows of the device that exported a batch. */
export interface FlowSource {
  id: string;
  enrolment: number;
  tenantId: string;
  kind: 'gateway' | 'endpoint';
  networkId: string | null;
  /** The ZTNA user signed in on an endpoint. */
  username: string | null;
  /** Where the device is: the country of its LAN's private addresses. */
  siteCountry: string | null;
  /** Where the device says it is (its location's name), for DEM's scores by location. */
  location?: string | null;
  /** A WAF edge's: the organisation of each application it serves (a shared POP's are several); the device's own otherwise. */
  applicationTenants?: ReadonlyMap<string, string>;
}

/**
 * The device as ingest needs it. Its country is that of its public address, else of where it
 * says it is: traffic from a private address behind a gateway starts in the gateway's country.
 */
export function flowSourceOf(
  d: Pick<DeviceRecord, 'id' | 'enrolment' | 'tenantId' | 'kind' | 'networkId' | 'username' | 'publicIp' | 'latitude' | 'longitude'> &
    Partial<Pick<DeviceRecord, 'locationName'>>,
  geo: CountryLookup,
): FlowSource {
  const located = d.latitude !== null && d.longitude !== null ? iso1A2Code([d.longitude, d.latitude]) : null;
  return {
    id: d.id,
    enrolment: d.enrolment,
    tenantId: d.tenantId,
    kind: d.kind,
    networkId: d.networkId,
    username: d.username,
    siteCountry: (d.publicIp ? geo.country(d.publicIp) : null) ?? located ?? null,
    location: d.locationName || null,
  };
}

/** Gateways' flows are the SD-WAN product's traffic, endpoints' the ZTNA product's. */
export const productOf = (kind: FlowSource['kind']): TrafficProduct => (kind === 'gateway' ? 'sdwan' : 'ztna');

/**
 * A record as the store keeps it, enriched once, here: countries from the GeoIP list, the
 * application from the signatures when the device named none, the user from the endpoint, and
 * the tenant and device group of the device at the time.
 */
export function enrich(record: FlowRecord, source: FlowSource, geo: CountryLookup): FlowToStore {
  const user = record.user ?? (source.kind === 'endpoint' ? source.username : null) ?? null;
  const countryOf = (ip: string) => (isNonPublicIPv4(ip) ? source.siteCountry : geo.country(ip));
  const srcCountry = countryOf(record.src_ip);
  const dstCountry = countryOf(record.dst_ip);
  const keys = dimensionKeys(record, { srcCountry, dstCountry, user, deviceId: source.id });
  return {
    tenantId: source.tenantId,
    deviceId: source.id,
    networkId: source.networkId,
    product: productOf(source.kind),
    start: new Date(record.start),
    end: new Date(record.end),
    srcIp: record.src_ip,
    srcPort: record.src_port,
    dstIp: record.dst_ip,
    dstPort: record.dst_port,
    protocol: record.protocol,
    bytesOut: record.src_bytes,
    packetsOut: record.src_packets,
    bytesIn: record.dst_bytes,
    packetsIn: record.dst_packets,
    inIfname: record.in_ifname,
    outIfname: record.out_ifname,
    wan: record.wan,
    dscp: record.dscp,
    application: keys.application,
    site: keys.site,
    user,
    srcCountry,
    dstCountry,
    serverPort: keys.server_port,
    clientPort: keys.client_port,
    keys,
  };
}
