import { z } from 'zod';
import { isIPv4 } from '../validators/ipv4';
import { filledText } from '../validators/storable-text';
import { normaliseMac } from './oui';

/**
 * What an IoT gateway learns about each device on its LANs, from the traffic it already sees:
 * DHCP (host name, option 55 and 60), mDNS and SSDP announcements, and the ports the device
 * answers on (as a server) or talks to (as a client) in the flows. Classification reads it.
 */
export const IOT_DEVICES_BATCH_MAX = 500;
export const MDNS_TYPES_MAX = 32;
export const SSDP_ANNOUNCEMENTS_MAX = 8;
export const PORTS_MAX = 64;

// As in the other agent messages: increasing per device, so a replayed batch is stored once.
const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const ipv4 = z.string().refine(isIPv4, 'Should be in the format x.x.x.x');

/** A MAC in any of the usual forms, kept as 'aa:bb:cc:dd:ee:ff'. */
export const macAddressSchema = z
  .string()
  .max(32)
  .transform((text, ctx) => {
    const mac = normaliseMac(text);
    if (mac === null) ctx.addIssue({ code: 'custom', message: "Format 'aa:bb:cc:dd:ee:ff'" });
    return mac ?? z.NEVER;
  });

/**
 * An mDNS (DNS-SD) service type, '_ipp._tcp': a name of 1–15 letters, digits or hyphens (RFC
 * 6335) and its transport. Kept lower-case and without '.local.', as announced types differ in both.
 */
const MDNS_SERVICE_TYPE = /^_[a-z0-9][a-z0-9-]{0,14}\._(?:tcp|udp)$/;
export const mdnsServiceTypeSchema = z
  .string()
  .max(40)
  .transform((text) =>
    text
      .trim()
      .toLowerCase()
      .replace(/\.local\.?$/, ''),
  )
  .refine((type) => MDNS_SERVICE_TYPE.test(type), "A service type such as '_ipp._tcp'");

/** One SSDP (UPnP) announcement: its headers, and what its description document says when the gateway fetched it. */
export const ssdpAnnouncementSchema = z.object({
  /** The SERVER header: 'Linux/3.14 UPnP/1.0 Roku/9.4'. */
  server: filledText().min(1).max(256).optional(),
  /** The search target or notification type (ST / NT): 'urn:dial-multiscreen-org:service:dial:1'. */
  st: filledText().min(1).max(256).optional(),
  /** The description's deviceType: 'urn:schemas-upnp-org:device:MediaRenderer:1'. */
  device_type: filledText().min(1).max(256).optional(),
  manufacturer: filledText().min(1).max(128).optional(),
  model_name: filledText().min(1).max(128).optional(),
  friendly_name: filledText().min(1).max(128).optional(),
});
export type SsdpAnnouncement = z.infer<typeof ssdpAnnouncementSchema>;

/** TCP or UDP, by IANA number as the flows carry it; the ports of other protocols mean nothing. */
export const servicePortSchema = z.object({
  protocol: z.union([z.literal(6), z.literal(17)]),
  port: z.number().int().min(1).max(65535),
});
export type ServicePort = z.infer<typeof servicePortSchema>;

export const dhcpFingerprintSchema = z.object({
  /** Option 55, the parameter request list, in the order the client asked: the order is what tells one DHCP client from another. */
  parameter_list: z.array(z.number().int().min(1).max(254)).max(255).optional(),
  /** Option 60, the vendor class identifier: 'MSFT 5.0', 'android-dhcp-13', 'udhcp 1.36.1'. */
  vendor_class: filledText().min(1).max(255).optional(),
});
export type DhcpFingerprint = z.infer<typeof dhcpFingerprintSchema>;

export const iotDeviceReportSchema = z
  .object({
    mac: macAddressSchema,
    ip: ipv4.nullable().default(null),
    /** The LAN interface or VLAN the gateway saw it on ('lan1', 'lan1.20'). */
    ifname: filledText().min(1).max(32).optional(),
    /** DHCP option 12, as the device sent it. */
    hostname: filledText().min(1).max(255).optional(),
    dhcp: dhcpFingerprintSchema.optional(),
    mdns: z.array(mdnsServiceTypeSchema).max(MDNS_TYPES_MAX).default([]),
    ssdp: z.array(ssdpAnnouncementSchema).max(SSDP_ANNOUNCEMENTS_MAX).default([]),
    /** Ports it answered on in the flows (it was the server). */
    server_ports: z.array(servicePortSchema).max(PORTS_MAX).default([]),
    /** Ports it connected to (it was the client): an MQTT sensor talks to 1883 and listens on nothing. */
    client_ports: z.array(servicePortSchema).max(PORTS_MAX).default([]),
    first_seen: z.iso.datetime(),
    last_seen: z.iso.datetime(),
  })
  .refine((d) => Date.parse(d.first_seen) <= Date.parse(d.last_seen), { path: ['last_seen'], message: 'last_seen must not be before first_seen' });
export type IotDeviceReport = z.infer<typeof iotDeviceReportSchema>;

/** A gateway's batch of what it saw on its LANs since the last one, sequence-numbered like its other messages. */
export const iotDevicesMessageSchema = z.object({
  type: z.literal('iot_devices'),
  seq,
  devices: z.array(iotDeviceReportSchema).min(1).max(IOT_DEVICES_BATCH_MAX),
});
export type IotDevicesMessage = z.infer<typeof iotDevicesMessageSchema>;

const portKey = (p: ServicePort) => `${p.protocol}/${p.port}`;
const ssdpKey = (a: SsdpAnnouncement) => JSON.stringify([a.server, a.st, a.device_type, a.manufacturer, a.model_name, a.friendly_name]);

/** The later list's items first, then the earlier's not in it, up to max: what was seen last is kept when the cap bites. */
function unionNewestFirst<T>(earlier: readonly T[], later: readonly T[], key: (t: T) => string, max: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of [...later, ...earlier]) {
    const k = key(item);
    if (seen.has(k) || out.length >= max) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

/**
 * What is known of a device from two reports, the later second (the server keeps one per MAC and
 * gateway): the latest address and names, everything announced or seen open in either, the
 * span of both. A device that stops announcing keeps what it announced: it said what it is.
 */
export function mergeDeviceReports(earlier: IotDeviceReport, later: IotDeviceReport): IotDeviceReport {
  return {
    mac: later.mac,
    ip: later.ip ?? earlier.ip,
    ...((later.ifname ?? earlier.ifname) !== undefined && { ifname: later.ifname ?? earlier.ifname }),
    ...((later.hostname ?? earlier.hostname) !== undefined && { hostname: later.hostname ?? earlier.hostname }),
    ...((later.dhcp ?? earlier.dhcp) !== undefined && { dhcp: { ...earlier.dhcp, ...later.dhcp } }),
    mdns: unionNewestFirst(earlier.mdns, later.mdns, (t) => t, MDNS_TYPES_MAX),
    ssdp: unionNewestFirst(earlier.ssdp, later.ssdp, ssdpKey, SSDP_ANNOUNCEMENTS_MAX),
    server_ports: unionNewestFirst(earlier.server_ports, later.server_ports, portKey, PORTS_MAX),
    client_ports: unionNewestFirst(earlier.client_ports, later.client_ports, portKey, PORTS_MAX),
    first_seen: Date.parse(earlier.first_seen) <= Date.parse(later.first_seen) ? earlier.first_seen : later.first_seen,
    last_seen: Date.parse(earlier.last_seen) >= Date.parse(later.last_seen) ? earlier.last_seen : later.last_seen,
  };
}
