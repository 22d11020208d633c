import { EPHEMERAL_PORT_MIN, type FlowRecord, type IotDeviceReport, type ServicePort, type SsdpAnnouncement } from '@netloom/domain';
import { fixedShare, randomInt, seedFrom, type Random } from './prng';

/** What a sensor publishes to the site's MQTT broker (iot-mqtt.ts plays it). */
export type SensorKind = 'shelly-ht' | 'shelly-plug' | 'tasmota-energy';

/** A cloud a device of the LAN keeps talking to: its name, an address of it and the country that address is in. */
export interface DevicePeer {
  name: string | null;
  ip: string;
  country: string;
  port: number;
}

/** One device on an IoT site's LAN as the gateway sees it. */
export interface IotLanDevice {
  kind: 'camera' | 'printer' | 'thermostat' | 'sensor' | 'plc' | 'phone' | 'laptop';
  mac: string;
  ip: string;
  hostname?: string;
  dhcp?: IotDeviceReport['dhcp'];
  mdns: string[];
  ssdp: SsdpAnnouncement[];
  server_ports: ServicePort[];
  client_ports: ServicePort[];
  /** Where it uploads to (cameras, a thermostat); none: it stays on the LAN. */
  cloud?: DevicePeer;
  /** Its MQTT identity and what it publishes, for a sensor. */
  sensor?: { kind: SensorKind; clientId: string };
}

const tcp = (port: number): ServicePort => ({ protocol: 6, port });
const udp = (port: number): ServicePort => ({ protocol: 17, port });
const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

/**
 * The clouds the LAN's devices reach, at addresses of the operators that host them, with their
 * countries as GeoIP places them (AWS Frankfurt, Axis in Lund, Alibaba Frankfurt, AWS Montreal).
 */
const CLOUDS = {
  hikvision: { name: 'devices.hik-connect.com', prefix: '3.121.', country: 'DE', port: 443 },
  axis: { name: 'dispatcher.axis.com', prefix: '195.60.68.', country: 'SE', port: 443 },
  dahua: { name: 'p2p.easy4ipcloud.com', prefix: '47.254.132.', country: 'DE', port: 443 },
  ecobee: { name: 'api.ecobee.com', prefix: '52.60.41.', country: 'CA', port: 443 },
} as const;
/** Where a camera gone wrong starts sending (Selectel's hosting in Saint Petersburg): a country no camera of the class talked to. */
export const ROGUE_CAMERA_PEER = { prefix: '95.213.191.', country: 'RU', port: 8443 } as const;

/** The country of an address the LAN's devices reach, as GeoIP would say (tests tag flows with it). */
export function iotPeerCountry(ip: string): string | undefined {
  const all = [...Object.values(CLOUDS), ROGUE_CAMERA_PEER];
  return all.find((c) => ip.startsWith(c.prefix))?.country;
}

function cloudOf(which: keyof typeof CLOUDS, serial: string): DevicePeer {
  const c = CLOUDS[which];
  return { name: c.name, ip: `${c.prefix}${1 + Math.floor(fixedShare(serial, which, 'cloud') * 250)}`, country: c.country, port: c.port };
}

/** A MAC of a real vendor prefix (the IEEE list the server looks vendors up in), the rest fixed per site and device. */
function macOf(oui: string, serial: string, n: number): string {
  const rest = hex(seedFrom(serial, 'iot mac', n) & 0xffffff, 6);
  return `${oui}${rest}`.match(/../g)!.join(':').toLowerCase();
}

/** A locally administered (randomised) MAC, as phones use on Wi-Fi by default. */
function privateMacOf(serial: string, n: number): string {
  const bytes = hex(seedFrom(serial, 'private mac', n) >>> 0, 8) + hex(seedFrom(serial, 'private mac 2', n) & 0xffff, 4);
  const first = (parseInt(bytes.slice(0, 2), 16) & 0xfc) | 0x02;
  return `${hex(first, 2)}${bytes.slice(2)}`.match(/../g)!.join(':');
}

const EMBEDDED_DHCP = { parameter_list: [1, 3, 6, 12, 15, 28, 42], vendor_class: 'udhcp 1.24.2' };
const tail = (mac: string, n: number) => mac.replace(/:/g, '').slice(-n);

/**
 * An IoT site's LAN, the same on every run of a seed: cameras (Hikvision, Axis, Dahua), a printer,
 * a thermostat, Wi-Fi sensors that publish over MQTT, a PLC on a static address, and the staff's
 * phones and laptops. Each says what such devices say: DHCP option 55 lists and vendor classes of
 * their DHCP clients, host names as their makers set them, mDNS service types, SSDP announcements
 * and the ports they answer on.
 */
export function iotLan(serial: string, lanPrefix: string): IotLanDevice[] {
  const ip = (n: number) => `${lanPrefix}.${n}`;
  const devices: IotLanDevice[] = [];
  const cameras = 2 + Math.floor(fixedShare(serial, 'cameras') * 3);
  const makers = ['hikvision', 'axis', 'dahua'] as const;
  for (let i = 0; i < cameras; i++) {
    const maker = makers[(i + Math.floor(fixedShare(serial, 'camera maker') * 3)) % 3]!;
    const n = 30 + i;
    if (maker === 'hikvision') {
      const mac = macOf(i % 2 ? '085411' : '040312', serial, n);
      devices.push({
        kind: 'camera',
        mac,
        ip: ip(n),
        hostname: `ipcam-${['lobby', 'yard', 'dock', 'office'][i % 4]}`,
        dhcp: EMBEDDED_DHCP,
        mdns: [],
        ssdp: [
          {
            server: 'Linux/3.0, UPnP/1.0, Hikvision-Webs',
            st: 'urn:schemas-upnp-org:device:Basic:1',
            device_type: 'urn:schemas-upnp-org:device:Basic:1',
            manufacturer: 'Hikvision',
            model_name: 'DS-2CD2143G2-I',
            friendly_name: `DS-2CD2143G2-I - ${tail(mac, 6).toUpperCase()}`,
          },
        ],
        server_ports: [tcp(80), tcp(443), tcp(554), tcp(8000)],
        client_ports: [tcp(443), udp(123)],
        cloud: cloudOf('hikvision', serial),
      });
    } else if (maker === 'axis') {
      const mac = macOf('ACCC8E', serial, n);
      devices.push({
        kind: 'camera',
        mac,
        ip: ip(n),
        // Axis cameras call themselves by model and MAC.
        hostname: `axis-${tail(mac, 12)}`,
        dhcp: { parameter_list: [1, 3, 6, 12, 15, 28, 42, 40, 41] },
        mdns: ['_axis-video._tcp', '_http._tcp', '_rtsp._tcp'],
        ssdp: [
          {
            server: 'Linux/4.14, UPnP/1.0, Portable SDK for UPnP devices/1.14.0',
            device_type: 'urn:axis-com:device:Basic:1',
            manufacturer: 'AXIS',
            model_name: 'AXIS P3265-LVE',
          },
        ],
        server_ports: [tcp(80), tcp(443), tcp(554)],
        client_ports: [tcp(443), udp(123)],
        cloud: cloudOf('axis', serial),
      });
    } else {
      const mac = macOf('08EDED', serial, n);
      devices.push({
        kind: 'camera',
        mac,
        ip: ip(n),
        hostname: `IPC-HDW2431T-${tail(mac, 4).toUpperCase()}`,
        dhcp: EMBEDDED_DHCP,
        mdns: [],
        ssdp: [
          {
            server: 'Linux, UPnP/1.0, Dahua IP Camera',
            device_type: 'urn:schemas-upnp-org:device:Basic:1',
            manufacturer: 'Dahua',
            model_name: 'IPC-HDW2431T-AS',
          },
        ],
        server_ports: [tcp(80), tcp(554), tcp(37777)],
        client_ports: [tcp(443), udp(123)],
        cloud: cloudOf('dahua', serial),
      });
    }
  }
  const brother = fixedShare(serial, 'printer maker') < 0.5;
  const printerMac = macOf(brother ? '001BA9' : '040E3C', serial, 40);
  devices.push({
    kind: 'printer',
    mac: printerMac,
    ip: ip(40),
    hostname: brother ? `BRW${tail(printerMac, 12).toUpperCase()}` : `HP${tail(printerMac, 6).toUpperCase()}`,
    dhcp: { parameter_list: [1, 3, 6, 15, 44, 46, 47, 12, 81], vendor_class: brother ? 'Brother Industries' : 'Hewlett-Packard JetDirect' },
    mdns: ['_ipp._tcp', '_ipps._tcp', '_pdl-datastream._tcp', '_uscan._tcp', '_http._tcp'],
    ssdp: [
      {
        device_type: 'urn:schemas-upnp-org:device:Printer:1',
        manufacturer: brother ? 'Brother' : 'HP',
        model_name: brother ? 'MFC-L2750DW' : 'HP LaserJet Pro M404dn',
      },
    ],
    server_ports: [tcp(80), tcp(443), tcp(631), tcp(9100)],
    client_ports: [udp(123)],
  });
  devices.push({
    kind: 'thermostat',
    mac: macOf('446132', serial, 41),
    ip: ip(41),
    hostname: 'ecobee-thermostat',
    dhcp: { parameter_list: [1, 3, 28, 6, 15, 44, 46, 47, 31, 33, 121, 43] },
    mdns: ['_hap._tcp'],
    ssdp: [],
    server_ports: [tcp(80)],
    client_ports: [tcp(443), tcp(8883)],
    cloud: cloudOf('ecobee', serial),
  });
  const sensors: { kind: SensorKind; name: (mac: string) => string; mdns: string[] }[] = [
    { kind: 'shelly-ht', name: (m) => `shellyht-${tail(m, 6).toUpperCase()}`, mdns: ['_shelly._tcp', '_http._tcp'] },
    { kind: 'shelly-plug', name: (m) => `shellyplug-s-${tail(m, 6).toUpperCase()}`, mdns: ['_shelly._tcp', '_http._tcp'] },
    { kind: 'tasmota-energy', name: (m) => `tasmota_${tail(m, 6).toUpperCase()}`, mdns: [] },
  ];
  sensors.forEach((s, i) => {
    const mac = macOf(i === 2 ? '083AF2' : '083A8D', serial, 50 + i);
    const name = s.name(mac);
    devices.push({
      kind: 'sensor',
      mac,
      ip: ip(50 + i),
      hostname: name.replace(/_/g, '-'),
      dhcp: { parameter_list: [1, 3, 28, 6, 15, 44, 46, 47, 31, 33, 121, 43], vendor_class: 'ESP32' },
      mdns: s.mdns,
      ssdp: [],
      server_ports: [tcp(80)],
      client_ports: [tcp(1883)],
      sensor: { kind: s.kind, clientId: name },
    });
  });
  // The line's controller has a fixed address and no DHCP client.
  devices.push({
    kind: 'plc',
    mac: macOf('000BA3', serial, 10),
    ip: ip(10),
    mdns: [],
    ssdp: [],
    server_ports: [tcp(102), tcp(80), tcp(502)],
    client_ports: [],
  });
  const people = [
    { kind: 'phone', hostname: 'Annas-iPhone', dhcp: { parameter_list: [1, 121, 3, 6, 15, 108, 114, 119, 252] }, mdns: ['_apple-mobdev2._tcp'] },
    { kind: 'phone', hostname: 'Galaxy-S23', dhcp: { parameter_list: [1, 3, 6, 15, 26, 28, 51, 58, 59, 43], vendor_class: 'android-dhcp-14' }, mdns: [] },
    {
      kind: 'laptop',
      hostname: `LAPTOP-${hex(seedFrom(serial, 'laptop'), 8).slice(0, 7).toUpperCase()}`,
      dhcp: { parameter_list: [1, 3, 6, 15, 31, 33, 43, 44, 46, 47, 119, 121, 249, 252], vendor_class: 'MSFT 5.0' },
      mdns: [],
    },
    {
      kind: 'laptop',
      hostname: 'Marcs-MacBook-Pro',
      dhcp: { parameter_list: [1, 121, 3, 6, 15, 108, 114, 119, 252, 95, 44, 46] },
      mdns: ['_companion-link._tcp'],
    },
  ] as const;
  people.forEach((p, i) => {
    const n = 60 + i;
    // Phones randomise their MAC on Wi-Fi; the laptops are the company's, on their own.
    const mac = p.kind === 'phone' ? privateMacOf(serial, n) : macOf(i === 2 ? '00065B' : '000393', serial, n);
    devices.push({
      kind: p.kind,
      mac,
      ip: ip(n),
      hostname: p.hostname,
      dhcp: { ...p.dhcp, parameter_list: [...p.dhcp.parameter_list] },
      mdns: [...p.mdns],
      ssdp: [],
      server_ports: p.kind === 'laptop' && i === 2 ? [tcp(445)] : [],
      client_ports: [tcp(443)],
    });
  });
  return devices;
}

/** Whether a device is on the LAN in the hour of `atMs`: phones come and go with their people, the rest stay. */
export function presentAt(d: IotLanDevice, atMs: number): boolean {
  if (d.kind !== 'phone') return true;
  return fixedShare(d.mac, 'present', Math.floor(atMs / 3_600_000)) < 0.7;
}

/** The report of a device seen up to `lastSeenMs`, on the site since `firstSeenMs`. */
export function reportOf(d: IotLanDevice, ifname: string, firstSeenMs: number, lastSeenMs: number): IotDeviceReport {
  return {
    mac: d.mac,
    ip: d.ip,
    ifname,
    ...(d.hostname ? { hostname: d.hostname } : {}),
    ...(d.dhcp ? { dhcp: d.dhcp } : {}),
    mdns: d.mdns,
    ssdp: d.ssdp,
    server_ports: d.server_ports,
    client_ports: d.client_ports,
    first_seen: new Date(Math.min(firstSeenMs, lastSeenMs)).toISOString(),
    last_seen: new Date(lastSeenMs).toISOString(),
  };
}

/**
 * A cloud-connected device's uploads in an interval: now and then (an event clip, a status
 * report), at random times and of random sizes, as motion and people make them. Never on a clock:
 * a camera's uploads are no beacon.
 */
export function cloudFlows(d: IotLanDevice, fromMs: number, toMs: number, random: Random, peer: DevicePeer | undefined = d.cloud): FlowRecord[] {
  if (!peer) return [];
  const spanS = (toMs - fromMs) / 1000;
  const out: FlowRecord[] = [];
  // About one upload every two minutes for a camera, one every ten for a thermostat.
  const rate = (d.kind === 'camera' ? 0.5 : 0.1) * (spanS / 60);
  let n = Math.floor(rate) + (random() < rate - Math.floor(rate) ? 1 : 0);
  while (n-- > 0) {
    const start = fromMs + Math.floor(random() * (toMs - fromMs) * 0.9);
    const up = d.kind === 'camera' ? Math.round(50_000 * Math.exp(random() * 4)) : randomInt(random, 800, 4000);
    const end = Math.min(toMs, start + Math.max(200, Math.round(up / 400)));
    out.push(iotFlow(d, peer, start, end, up, Math.round(up * 0.05) + 2000, random));
  }
  return out;
}

/** One TCP conversation of a LAN device with a peer outside; the gateway sets the WAN it leaves by. */
export function iotFlow(d: IotLanDevice, peer: DevicePeer, startMs: number, endMs: number, up: number, down: number, random: Random): FlowRecord {
  const srcPackets = Math.max(3, Math.ceil(up / 1200));
  const dstPackets = Math.max(3, Math.ceil(down / 1200));
  return {
    start: new Date(startMs).toISOString(),
    end: new Date(endMs).toISOString(),
    src_ip: d.ip,
    src_port: randomInt(random, EPHEMERAL_PORT_MIN, 65535),
    dst_ip: peer.ip,
    dst_port: peer.port,
    protocol: 6,
    src_bytes: Math.max(srcPackets * 52, up),
    src_packets: srcPackets,
    dst_bytes: Math.max(dstPackets * 52, down),
    dst_packets: dstPackets,
    in_ifname: 'lan1',
    out_ifname: '',
    wan: null,
    dscp: 0,
    ...(peer.name ? { application: peer.name } : {}),
  };
}
