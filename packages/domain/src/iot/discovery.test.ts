import { describe, expect, it } from 'vitest';
import { iotDeviceReportSchema, iotDevicesMessageSchema, mergeDeviceReports, type IotDeviceReport } from './discovery';

const camera = {
  mac: '44-47-CC-0A-0B-0C',
  ip: '192.168.10.21',
  ifname: 'lan1',
  hostname: 'DS-2CD2143G2',
  dhcp: { parameter_list: [1, 3, 6, 12, 15, 28, 42], vendor_class: 'udhcp 1.31.1' },
  mdns: ['_RTSP._tcp.local.'],
  ssdp: [{ server: 'Linux/3.0 UPnP/1.0 Hikvision', device_type: 'urn:schemas-upnp-org:device:Basic:1' }],
  server_ports: [
    { protocol: 6, port: 554 },
    { protocol: 6, port: 80 },
  ],
  client_ports: [{ protocol: 6, port: 443 }],
  first_seen: '2026-12-01T08:00:00.000Z',
  last_seen: '2026-12-01T09:00:00.000Z',
};

const errorsOf = (value: unknown) => iotDeviceReportSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('what a gateway reports of a LAN device', () => {
  it('keeps a MAC and an mDNS type in one form whatever the gateway wrote', () => {
    const report = iotDeviceReportSchema.parse(camera);
    expect(report.mac).toBe('44:47:cc:0a:0b:0c');
    expect(report.mdns).toEqual(['_rtsp._tcp']);
    // Only the MAC and the times are needed: a silent device is still a device.
    expect(iotDeviceReportSchema.parse({ mac: '4447cc0a0b0c', first_seen: camera.first_seen, last_seen: camera.first_seen })).toMatchObject({
      ip: null,
      mdns: [],
      ssdp: [],
      server_ports: [],
    });
  });

  it('refuses what would mislead classification or fail the store', () => {
    expect(errorsOf({ ...camera, mac: '44:47:cc:0a:0b' })).toEqual(["mac: Format 'aa:bb:cc:dd:ee:ff'"]);
    expect(errorsOf({ ...camera, mdns: ['ipp'] })).toEqual(["mdns.0: A service type such as '_ipp._tcp'"]);
    expect(errorsOf({ ...camera, hostname: 'cam\u0000' })).toEqual(['hostname: Contains a NUL character or an unpaired surrogate']);
    expect(errorsOf({ ...camera, server_ports: [{ protocol: 1, port: 0 }] })?.length).toBe(2);
    expect(errorsOf({ ...camera, dhcp: { parameter_list: [0, 255] } })?.length).toBe(2);
    expect(errorsOf({ ...camera, last_seen: '2026-12-01T07:00:00.000Z' })).toEqual(['last_seen: last_seen must not be before first_seen']);
    expect(errorsOf({ ...camera, server_ports: Array.from({ length: 65 }, (_, i) => ({ protocol: 6, port: i + 1 })) })).toHaveLength(1);
  });

  it('comes in batches, sequence-numbered like the other agent messages', () => {
    expect(iotDevicesMessageSchema.parse({ type: 'iot_devices', seq: 7, devices: [camera] }).devices[0]!.mac).toBe('44:47:cc:0a:0b:0c');
    expect(iotDevicesMessageSchema.safeParse({ type: 'iot_devices', seq: 7, devices: [] }).success).toBe(false);
    expect(iotDevicesMessageSchema.safeParse({ type: 'iot_devices', seq: -1, devices: [camera] }).success).toBe(false);
  });
});

describe('what is known of a device over time', () => {
  const earlier = iotDeviceReportSchema.parse(camera);
  const later: IotDeviceReport = iotDeviceReportSchema.parse({
    mac: camera.mac,
    ip: '192.168.10.30',
    mdns: ['_http._tcp'],
    server_ports: [{ protocol: 6, port: 8000 }],
    first_seen: '2026-12-01T10:00:00.000Z',
    last_seen: '2026-12-01T11:00:00.000Z',
  });

  it('keeps everything either report saw, the latest address, and the span of both', () => {
    const merged = mergeDeviceReports(earlier, later);
    expect(merged).toMatchObject({ ip: '192.168.10.30', hostname: 'DS-2CD2143G2', ifname: 'lan1', first_seen: camera.first_seen, last_seen: later.last_seen });
    expect(merged.mdns).toEqual(['_http._tcp', '_rtsp._tcp']);
    expect(merged.server_ports.map((p) => p.port)).toEqual([8000, 554, 80]);
    expect(merged.dhcp?.vendor_class).toBe('udhcp 1.31.1');
    // Merging the same report again changes nothing.
    expect(mergeDeviceReports(merged, later)).toEqual(merged);
  });

  it('stays within the caps, keeping what was seen last', () => {
    const many = (from: number) => Array.from({ length: 40 }, (_, i) => ({ protocol: 6 as const, port: from + i }));
    const merged = mergeDeviceReports({ ...earlier, server_ports: many(1000) }, { ...later, server_ports: many(2000) });
    expect(merged.server_ports).toHaveLength(64);
    expect(merged.server_ports[0]).toEqual({ protocol: 6, port: 2000 });
  });
});
