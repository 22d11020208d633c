import { describe, expect, it } from 'vitest';
import { classifyDevice, confidenceBand } from './classify';
import { iotDeviceReportSchema, mdnsServiceTypeSchema } from './discovery';
import type { VendorLookup } from './oui';
import { DHCP_PARAMETER_LISTS, MDNS_SIGNALS } from './signals';

const report = (over: Record<string, unknown> = {}) =>
  iotDeviceReportSchema.parse({ mac: '00:11:22:33:44:55', first_seen: '2026-12-01T08:00:00.000Z', last_seen: '2026-12-01T09:00:00.000Z', ...over });
const vendor = (name: string): VendorLookup => ({ known: true, vendor: name, prefix: '4447CC', registry: 'MA-L' });
const unregistered: VendorLookup = { known: false, reason: 'unregistered', mac: '00:11:22:33:44:55' };
const randomised: VendorLookup = { known: false, reason: 'randomised', mac: 'da:a1:19:00:00:01' };
const tcp = (...ports: number[]) => ports.map((port) => ({ protocol: 6, port }));

describe('classifying a LAN device', () => {
  it('calls a Hikvision device with RTSP open a camera, surely, and says why', () => {
    const c = classifyDevice(report({ server_ports: tcp(554, 80) }), vendor('Hangzhou Hikvision Digital Technology Co.,Ltd.'));
    expect(c.class).toBe('camera');
    expect(c.confidence).toBeGreaterThanOrEqual(0.8);
    expect(c.confidence).toBeLessThan(1);
    expect(c.reasons).toEqual(['Vendor Hikvision', 'RTSP 554 open']);
    expect(confidenceBand(c.confidence)).toBe('high');
  });

  it('calls an HP device with raw printing, IPP and an IPP announcement a printer, not a laptop', () => {
    const c = classifyDevice(report({ server_ports: tcp(9100, 631, 80), mdns: ['_ipp._tcp'] }), vendor('HP Inc.'));
    expect(c).toMatchObject({ class: 'printer', source: 'signals' });
    expect(c.confidence).toBeGreaterThanOrEqual(0.95);
    expect(c.reasons).toEqual(['Announces _ipp._tcp (IPP printing)', 'raw printing 9100 open', 'IPP 631 open', 'Vendor HP']);
  });

  it("calls a device with a private MAC and iOS's DHCP fingerprint a phone", () => {
    const c = classifyDevice(report({ mac: 'da:a1:19:00:00:01', dhcp: { parameter_list: [1, 121, 3, 6, 15, 108, 114, 119, 252] } }), randomised);
    expect(c.class).toBe('phone');
    expect(c.confidence).toBeGreaterThanOrEqual(0.75);
    expect(c.reasons).toEqual(['DHCP fingerprint of iOS', 'Private (randomised) MAC address']);
  });

  it('calls a device it knows nothing of unknown, unsure, with no reasons', () => {
    const c = classifyDevice(report({ server_ports: tcp(80, 443), mdns: ['_http._tcp'] }), unregistered);
    expect(c).toMatchObject({ class: 'unknown', reasons: [] });
    expect(confidenceBand(c.confidence)).toBe('low');
  });

  it('stays unsure on one weak hint', () => {
    const c = classifyDevice(report(), vendor('Espressif Inc.'));
    expect(c.class).toBe('sensor');
    expect(c.confidence).toBeLessThan(0.5);
  });

  it('tells a recorder from its cameras: it pulls RTSP rather than serving it', () => {
    const nvr = classifyDevice(
      report({ hostname: 'DS-7608NI-K2', client_ports: tcp(554), server_ports: tcp(80, 8000) }),
      vendor('Hangzhou Hikvision Digital Technology Co.,Ltd.'),
    );
    expect(nvr.class).toBe('nvr');
    expect(nvr.reasons[0]).toBe('Host name "DS-7608NI-K2" looks like a video recorder\'s');
  });

  it('knows industrial and building protocols', () => {
    expect(classifyDevice(report({ server_ports: tcp(102, 80) }), vendor('SIEMENS AG')).class).toBe('plc');
    expect(classifyDevice(report({ server_ports: tcp(44818) }), unregistered).class).toBe('plc');
    const bacnet = classifyDevice(report({ server_ports: [{ protocol: 17, port: 47808 }] }), vendor('Tridium, Inc.'));
    expect(bacnet).toMatchObject({ class: 'building', reasons: ['Vendor Tridium', 'BACnet/IP 47808/udp open'] });
    expect(classifyDevice(report({ server_ports: [{ protocol: 17, port: 5060 }], hostname: 'SEP001122334455' }), unregistered).class).toBe('voip');
    expect(classifyDevice(report({ client_ports: tcp(1883) }), vendor('Espressif Inc.')).class).toBe('sensor');
  });

  it('reads the vendor names the IEEE registers, the specific before the broad', () => {
    expect(classifyDevice(report(), vendor('Aruba, a Hewlett Packard Enterprise Company')).class).toBe('access_point');
    expect(classifyDevice(report(), vendor('Fujitsu Siemens Computers')).class).toBe('computer');
    expect(classifyDevice(report(), vendor('Cisco Meraki')).reasons).toEqual(['Vendor Cisco Meraki']);
    expect(classifyDevice(report(), vendor('SonoSite, Inc.')).class).toBe('medical');
  });

  it("takes an admin's correction as certain, keeps it whatever the evidence says later, and shows the evidence's verdict beside it", () => {
    const correction = { class: 'medical' as const, by: 'ana@example.com', at: '2026-12-01T10:00:00.000Z' };
    const c = classifyDevice(report({ server_ports: tcp(554) }), vendor('Hangzhou Hikvision Digital Technology Co.,Ltd.'), correction);
    expect(c).toMatchObject({ class: 'medical', confidence: 1, source: 'admin', reasons: ['Set by ana@example.com'] });
    expect(c.inferred).toMatchObject({ class: 'camera' });
    const later = classifyDevice(report({ server_ports: tcp(9100, 631), mdns: ['_ipp._tcp'] }), vendor('HP Inc.'), correction);
    expect(later).toMatchObject({ class: 'medical', confidence: 1, inferred: { class: 'printer' } });
  });

  it('has signal tables that can match what gateways report', () => {
    for (const type of Object.keys(MDNS_SIGNALS)) expect(mdnsServiceTypeSchema.parse(type)).toBe(type);
    for (const { list } of DHCP_PARAMETER_LISTS)
      expect(report({ dhcp: { parameter_list: list.split(',').map(Number) } }).dhcp?.parameter_list?.join(',')).toBe(list);
  });
});
