import type { IotClass } from './classes';

/**
 * What each piece of discovery evidence says about what a device is, as data. A vote's weight is
 * evidence in natural-log odds: +1 makes the class e (about 2.7) times likelier than it was, 3 is
 * strong (a Hikvision MAC, a printer's raw port 9100), 0.5 a hint. Votes for one class add up.
 */
export type KnownClass = Exclude<IotClass, 'unknown'>;
export type Votes = Partial<Record<KnownClass, number>>;

export interface PatternSignal {
  pattern: RegExp;
  /** How the console names what matched: 'Hikvision', 'iOS'. */
  label: string;
  votes: Votes;
}

export interface PortSignal {
  /** 6 TCP, 17 UDP. */
  protocol: 6 | 17;
  port: number;
  /** The protocol's name: 'RTSP', 'Modbus/TCP'. */
  label: string;
  votes: Votes;
}

/** A private (randomised) MAC: phones do it by default on Wi-Fi, laptops often. */
export const RANDOMISED_MAC_VOTES: Votes = { phone: 1.5, computer: 1 };

/**
 * DHCP option 55 lists, exactly and in order, of the clients that send them. Each operating
 * system's DHCP client asks for its own options in its own order, which is why the list tells
 * them apart even behind a randomised MAC.
 */
export const DHCP_PARAMETER_LISTS: readonly { list: string; label: string; votes: Votes }[] = [
  { list: '1,121,3,6,15,108,114,119,252', label: 'iOS', votes: { phone: 3.5 } },
  { list: '1,121,3,6,15,119,252', label: 'iOS or macOS', votes: { phone: 2, computer: 1.5 } },
  { list: '1,121,3,6,15,108,114,119,252,95,44,46', label: 'macOS', votes: { computer: 3.5 } },
  { list: '1,3,6,15,26,28,51,58,59,43', label: 'Android', votes: { phone: 3 } },
  { list: '1,3,6,15,26,28,51,58,59,43,114', label: 'Android', votes: { phone: 3 } },
  { list: '1,3,6,15,26,28,51,58,59,43,114,108', label: 'Android', votes: { phone: 3 } },
  { list: '1,3,6,15,31,33,43,44,46,47,119,121,249,252', label: 'Windows', votes: { computer: 3.5 } },
  { list: '1,28,2,3,15,6,119,12,44,47,26,121,42', label: 'Linux (dhclient)', votes: { computer: 1.5 } },
];

/** DHCP option 60, the vendor class: some clients name themselves outright. */
export const DHCP_VENDOR_CLASSES: readonly PatternSignal[] = [
  { pattern: /^MSFT 5\.0/, label: 'Windows', votes: { computer: 2.5 } },
  { pattern: /^android-dhcp/i, label: 'Android', votes: { phone: 2.5, media: 0.5 } },
  { pattern: /^dhcpcd/i, label: 'Linux or Android (dhcpcd)', votes: { phone: 1, computer: 1 } },
  { pattern: /^udhcp/i, label: 'embedded Linux (BusyBox)', votes: { camera: 0.7, sensor: 0.7, nvr: 0.5, access_point: 0.5 } },
  { pattern: /Cisco Systems, Inc\. IP Phone/i, label: 'a Cisco IP phone', votes: { voip: 4 } },
  { pattern: /^(Polycom|yealink|Mitel|Aastra|snom|Grandstream)/i, label: 'a desk phone', votes: { voip: 3.5 } },
  { pattern: /^Cisco AP/i, label: 'a Cisco access point', votes: { access_point: 4 } },
  { pattern: /^Aruba(Instant)?AP/i, label: 'an Aruba access point', votes: { access_point: 4 } },
  { pattern: /^Ruckus CPE/i, label: 'a Ruckus access point', votes: { access_point: 3 } },
  { pattern: /^ubnt/i, label: 'Ubiquiti', votes: { access_point: 2, camera: 0.5 } },
];

/** Host names (DHCP option 12) as makers and operating systems set them by default. Matched lower-case; the first match counts. */
export const HOSTNAME_SIGNALS: readonly PatternSignal[] = [
  { pattern: /iphone/, label: "an iPhone's", votes: { phone: 3 } },
  { pattern: /ipad/, label: "an iPad's", votes: { phone: 2.5 } },
  { pattern: /^android[-_]|galaxy|pixel-?\d|redmi|oneplus/, label: "an Android phone's", votes: { phone: 2.5 } },
  { pattern: /macbook|imac|mac-?mini|^mbp/, label: "a Mac's", votes: { computer: 3 } },
  { pattern: /^(desktop|laptop)-[a-z0-9]{7}$/, label: "Windows's default", votes: { computer: 3 } },
  { pattern: /thinkpad|latitude|elitebook|surface/, label: "a laptop's", votes: { computer: 2 } },
  { pattern: /^(hp|npi)[0-9a-f]{6}|laserjet|officejet|deskjet/, label: "an HP printer's", votes: { printer: 3 } },
  { pattern: /^br[nw][0-9a-f]{12}$/, label: "a Brother printer's", votes: { printer: 3.5 } },
  { pattern: /printer|^epson|^canon|^kyocera|^xrx|^ricoh|^lexmark/, label: "a printer's", votes: { printer: 2.5 } },
  { pattern: /^sep[0-9a-f]{12}$/, label: "a Cisco IP phone's", votes: { voip: 3.5 } },
  { pattern: /yealink|^sip-t\d|polycom|^vvx|^spip/, label: "a desk phone's", votes: { voip: 3 } },
  { pattern: /nvr|dvr|^ds-[79]\d/, label: "a video recorder's", votes: { nvr: 3 } },
  { pattern: /ipcam|camera|^cam[-_\d]|^ds-2cd|^ipc-/, label: "a camera's", votes: { camera: 2.5 } },
  { pattern: /chromecast|roku|apple-?tv|fire-?tv|bravia|webos|samsung-?tv|smart-?tv|^tv[-_]/, label: "a TV's", votes: { media: 3 } },
  { pattern: /^echo|alexa|google-?home|nest-?(audio|mini|hub)|sonos|homepod/, label: "a smart speaker's", votes: { smart_speaker: 3 } },
  { pattern: /ecobee|thermostat|hvac|bacnet/, label: "a thermostat's", votes: { building: 3 } },
  { pattern: /^esp[-_]?[0-9a-f]{4,}|shelly|tasmota|sensor|zigbee|^tuya/, label: "a sensor's", votes: { sensor: 2.5 } },
  { pattern: /plc|^s7-|simatic|logix/, label: "a PLC's", votes: { plc: 2.5 } },
  { pattern: /infusion|dicom|pacs|ultrasound|ventilator/, label: "a medical device's", votes: { medical: 2.5 } },
  { pattern: /^ap[-_]|unifi|^aruba|^meraki|^ruckus/, label: "an access point's", votes: { access_point: 2.5 } },
];

/** DNS-SD service types announced over mDNS. */
export const MDNS_SIGNALS: Readonly<Record<string, { label: string; votes: Votes }>> = {
  '_ipp._tcp': { label: 'IPP printing', votes: { printer: 3 } },
  '_ipps._tcp': { label: 'IPP printing', votes: { printer: 3 } },
  '_printer._tcp': { label: 'LPD printing', votes: { printer: 3 } },
  '_pdl-datastream._tcp': { label: 'raw printing', votes: { printer: 3 } },
  '_scanner._tcp': { label: 'scanning', votes: { printer: 2 } },
  '_uscan._tcp': { label: 'scanning', votes: { printer: 2 } },
  '_uscans._tcp': { label: 'scanning', votes: { printer: 2 } },
  '_airplay._tcp': { label: 'AirPlay', votes: { media: 2, smart_speaker: 1, computer: 0.5 } },
  '_raop._tcp': { label: 'AirPlay audio', votes: { smart_speaker: 1.5, media: 1 } },
  '_googlecast._tcp': { label: 'Google Cast', votes: { media: 2, smart_speaker: 1.5 } },
  '_spotify-connect._tcp': { label: 'Spotify Connect', votes: { smart_speaker: 1.5, media: 1 } },
  '_sonos._tcp': { label: 'Sonos', votes: { smart_speaker: 3 } },
  '_amzn-wplay._tcp': { label: 'Fire TV', votes: { media: 2.5 } },
  '_hap._tcp': { label: 'HomeKit accessory', votes: { sensor: 1.5, building: 1.5 } },
  '_matter._tcp': { label: 'Matter', votes: { sensor: 1.5, building: 1 } },
  '_matterc._udp': { label: 'Matter', votes: { sensor: 1.5, building: 1 } },
  '_hue._tcp': { label: 'Philips Hue', votes: { building: 2 } },
  '_esphomelib._tcp': { label: 'ESPHome', votes: { sensor: 3 } },
  '_shelly._tcp': { label: 'Shelly', votes: { sensor: 3 } },
  '_mqtt._tcp': { label: 'MQTT', votes: { sensor: 1 } },
  '_rtsp._tcp': { label: 'RTSP video', votes: { camera: 2.5, nvr: 1 } },
  '_axis-video._tcp': { label: 'Axis video', votes: { camera: 3.5 } },
  '_sip._udp': { label: 'SIP', votes: { voip: 2.5 } },
  '_apple-mobdev2._tcp': { label: 'iPhone/iPad sync', votes: { phone: 3 } },
  '_companion-link._tcp': { label: 'Apple Continuity', votes: { phone: 1.5, computer: 1, media: 0.5 } },
  '_smb._tcp': { label: 'file sharing', votes: { computer: 1.5 } },
  '_workstation._tcp': { label: 'a workstation', votes: { computer: 2 } },
};

/** SSDP headers and UPnP descriptions: device types, server strings, makers and models. Each pattern counts once. */
export const SSDP_SIGNALS: readonly PatternSignal[] = [
  { pattern: /urn:schemas-upnp-org:device:Printer:/i, label: 'UPnP printer', votes: { printer: 3 } },
  { pattern: /urn:schemas-upnp-org:device:ZonePlayer:|\bsonos\b/i, label: 'Sonos', votes: { smart_speaker: 3 } },
  { pattern: /urn:schemas-upnp-org:device:MediaRenderer:/i, label: 'UPnP media renderer', votes: { media: 2, smart_speaker: 1.5 } },
  { pattern: /urn:dial-multiscreen-org:/i, label: 'DIAL casting', votes: { media: 2.5 } },
  { pattern: /\broku\b/i, label: 'Roku', votes: { media: 3 } },
  { pattern: /webos|tizen|bravia|smart ?tv/i, label: 'a TV', votes: { media: 3 } },
  { pattern: /urn:schemas-upnp-org:device:DigitalSecurityCamera:|ip ?camera|network camera/i, label: 'a camera', votes: { camera: 3 } },
  { pattern: /hikvision|dahua/i, label: 'a camera maker', votes: { camera: 2, nvr: 1 } },
  { pattern: /\b(nvr|dvr)\b/i, label: 'a video recorder', votes: { nvr: 2.5 } },
  { pattern: /urn:schemas-upnp-org:device:(InternetGatewayDevice|WLANAccessPointDevice):/i, label: 'a router or access point', votes: { access_point: 2.5 } },
  { pattern: /philips hue/i, label: 'Philips Hue', votes: { building: 2 } },
  { pattern: /windows/i, label: 'Windows', votes: { computer: 2 } },
];

/** Ports a device answers on (it is the server). */
export const SERVER_PORT_SIGNALS: readonly PortSignal[] = [
  { protocol: 6, port: 554, label: 'RTSP', votes: { camera: 2.5, nvr: 1 } },
  { protocol: 6, port: 8554, label: 'RTSP', votes: { camera: 1.5 } },
  { protocol: 6, port: 37777, label: 'Dahua video', votes: { camera: 2, nvr: 1.5 } },
  { protocol: 6, port: 34567, label: 'DVR video', votes: { nvr: 1.5, camera: 1.5 } },
  { protocol: 6, port: 9100, label: 'raw printing', votes: { printer: 3 } },
  { protocol: 6, port: 631, label: 'IPP', votes: { printer: 2.5 } },
  { protocol: 6, port: 515, label: 'LPD', votes: { printer: 2 } },
  { protocol: 6, port: 502, label: 'Modbus/TCP', votes: { plc: 3, building: 1 } },
  { protocol: 6, port: 102, label: 'Siemens S7', votes: { plc: 3.5 } },
  { protocol: 6, port: 44818, label: 'EtherNet/IP', votes: { plc: 3.5 } },
  { protocol: 17, port: 44818, label: 'EtherNet/IP', votes: { plc: 2.5 } },
  { protocol: 17, port: 2222, label: 'EtherNet/IP I/O', votes: { plc: 2.5 } },
  { protocol: 6, port: 20000, label: 'DNP3', votes: { plc: 2.5 } },
  { protocol: 6, port: 2404, label: 'IEC 60870-5-104', votes: { plc: 3 } },
  { protocol: 6, port: 4840, label: 'OPC UA', votes: { plc: 2 } },
  { protocol: 17, port: 47808, label: 'BACnet/IP', votes: { building: 3.5 } },
  { protocol: 6, port: 1883, label: 'MQTT', votes: { sensor: 1, building: 0.5 } },
  { protocol: 6, port: 8883, label: 'MQTT over TLS', votes: { sensor: 1 } },
  { protocol: 17, port: 5060, label: 'SIP', votes: { voip: 3 } },
  { protocol: 6, port: 5060, label: 'SIP', votes: { voip: 3 } },
  { protocol: 6, port: 5061, label: 'SIP over TLS', votes: { voip: 2.5 } },
  { protocol: 6, port: 62078, label: 'iPhone sync', votes: { phone: 3 } },
  { protocol: 6, port: 8009, label: 'Google Cast', votes: { media: 2, smart_speaker: 1.5 } },
  { protocol: 6, port: 8060, label: 'Roku control', votes: { media: 3 } },
  { protocol: 6, port: 1400, label: 'Sonos control', votes: { smart_speaker: 2.5 } },
  { protocol: 6, port: 7000, label: 'AirPlay', votes: { media: 1.5, computer: 0.5 } },
  { protocol: 6, port: 3389, label: 'RDP', votes: { computer: 2.5 } },
  { protocol: 6, port: 445, label: 'SMB', votes: { computer: 1.5 } },
  { protocol: 6, port: 104, label: 'DICOM', votes: { medical: 3.5 } },
  { protocol: 6, port: 11112, label: 'DICOM', votes: { medical: 3 } },
  { protocol: 6, port: 2575, label: 'HL7', votes: { medical: 3 } },
];

/** Ports a device talks to (it is the client): a sensor publishes to MQTT, an NVR pulls its cameras' RTSP. */
export const CLIENT_PORT_SIGNALS: readonly PortSignal[] = [
  { protocol: 6, port: 1883, label: 'MQTT', votes: { sensor: 2, building: 0.5 } },
  { protocol: 6, port: 8883, label: 'MQTT over TLS', votes: { sensor: 2, building: 0.5 } },
  { protocol: 6, port: 554, label: 'RTSP', votes: { nvr: 2.5 } },
  { protocol: 17, port: 5060, label: 'SIP', votes: { voip: 2 } },
  { protocol: 6, port: 5060, label: 'SIP', votes: { voip: 2 } },
  { protocol: 6, port: 5061, label: 'SIP over TLS', votes: { voip: 2 } },
  { protocol: 17, port: 47808, label: 'BACnet/IP', votes: { building: 1.5 } },
  { protocol: 6, port: 2575, label: 'HL7', votes: { medical: 2 } },
  { protocol: 6, port: 104, label: 'DICOM', votes: { medical: 2 } },
];
