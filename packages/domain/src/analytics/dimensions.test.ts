import { describe, expect, it } from 'vitest';
import { EPHEMERAL_PORTS_KEY, UNKNOWN_KEY, clientPortKey, dimensionKeys, isNonPublicIPv4, siteOf, splitUserApp, userAppKey } from './dimensions';
import type { FlowRecord } from './flows';
import { rollupFor, rollupForWindow, DEFAULT_ANALYTICS_RETENTION } from './ranges';
import { graphDimension, trafficQueryBodySchema } from './traffic-api';

const record = (over: Partial<FlowRecord> = {}): FlowRecord => ({
  start: '2026-11-25T10:00:00.000Z',
  end: '2026-11-25T10:01:00.000Z',
  src_ip: '192.168.1.20',
  src_port: 51234,
  dst_ip: '142.250.1.1',
  dst_port: 443,
  protocol: 6,
  src_bytes: 1000,
  src_packets: 10,
  dst_bytes: 90000,
  dst_packets: 70,
  in_ifname: 'br-lan',
  out_ifname: 'wan',
  wan: 'WAN1',
  dscp: 0,
  ...over,
});

describe('flow dimensions', () => {
  it('names a site by its registrable domain, by address when the device saw no name', () => {
    expect(siteOf({ application: 'www.bbc.co.uk', dst_ip: '1.1.1.1' })).toBe('bbc.co.uk');
    expect(siteOf({ application: 'RR3---SN-ab.googlevideo.com', dst_ip: '1.1.1.1' })).toBe('googlevideo.com');
    expect(siteOf({ application: 'Zoom', dst_ip: '3.7.35.1' })).toBe('3.7.35.1');
    expect(siteOf({ dst_ip: '3.7.35.1' })).toBe('3.7.35.1');
  });

  it('gives private, shared and documentation addresses no country', () => {
    for (const ip of ['10.1.2.3', '192.168.1.1', '172.20.0.1', '100.64.1.1', '127.0.0.1', '203.0.113.9', '224.0.0.251'])
      expect(isNonPublicIPv4(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '3.208.1.1']) expect(isNonPublicIPv4(ip), ip).toBe(false);
  });

  it('counts ephemeral client ports as one key, low client ports apart', () => {
    expect(clientPortKey(6, 51234)).toBe(`TCP/${EPHEMERAL_PORTS_KEY}`);
    expect(clientPortKey(17, 123)).toBe('UDP/123');
  });

  it('keys a record by every dimension, with Unknown where nothing is known', () => {
    const keys = dimensionKeys(record({ application: 'www.youtube.com' }), { srcCountry: null, dstCountry: 'US', user: null, deviceId: 'branch-1' });
    expect(keys).toMatchObject({
      site: 'youtube.com',
      application: 'YouTube',
      src_country: UNKNOWN_KEY,
      dst_country: 'US',
      user: UNKNOWN_KEY,
      protocol: 'TCP',
      server_port: 'TCP/443',
      client_port: `TCP/${EPHEMERAL_PORTS_KEY}`,
      wan: 'WAN1',
      device: 'branch-1',
    });
    expect(splitUserApp(keys.user_app)).toEqual({ user: UNKNOWN_KEY, application: 'YouTube' });
  });

  it('finds the server port of a reply exported the other way round', () => {
    const keys = dimensionKeys(record({ src_port: 443, dst_port: 50000 }), { srcCountry: null, dstCountry: null, user: 'a@b.test', deviceId: 'd' });
    expect(keys.server_port).toBe('TCP/443');
    expect(splitUserApp(userAppKey('a@b.test', 'Zoom'))).toEqual({ user: 'a@b.test', application: 'Zoom' });
  });
});

describe('traffic queries', () => {
  it('ranks devices on the dashboards and hosts on a device page as Top Talkers', () => {
    expect(graphDimension('top-talkers', 'tenant')).toBe('device');
    expect(graphDimension('top-talkers', 'device')).toBe('src_ip');
    expect(graphDimension('top-application-per-user', 'tenant')).toBe('user_app');
  });

  it('takes the spec body with its defaults, and a custom window only whole and forward', () => {
    expect(trafficQueryBodySchema.parse({})).toEqual({ timeduration: 1440, top_count: 10, series: false });
    expect(trafficQueryBodySchema.safeParse({ from: '2026-11-25T10:00:00Z' }).success).toBe(false);
    expect(trafficQueryBodySchema.safeParse({ from: '2026-11-25T10:00:00Z', to: '2026-11-25T09:00:00Z' }).success).toBe(false);
    expect(trafficQueryBodySchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-11-25T09:00:00Z' }).success).toBe(false);
    expect(trafficQueryBodySchema.safeParse({ from: '2026-11-25T08:00:00Z', to: '2026-11-25T09:00:00Z' }).success).toBe(true);
    expect(trafficQueryBodySchema.safeParse({ timeduration: 30 }).success).toBe(false);
  });

  it('picks a window’s table by its length and by how old its start is', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const r = DEFAULT_ANALYTICS_RETENTION;
    expect(rollupForWindow(new Date('2026-11-25T11:00:00Z'), now, now, r)).toBe(rollupFor(60, r));
    // An hour three days ago: raw rows are gone, so minute rollups answer.
    expect(rollupForWindow(new Date('2026-11-22T11:00:00Z'), new Date('2026-11-22T12:00:00Z'), now, r)).toBe('minute');
    // An hour twenty days ago: only hour rollups still hold it.
    expect(rollupForWindow(new Date('2026-11-05T11:00:00Z'), new Date('2026-11-05T12:00:00Z'), now, r)).toBe('hour');
    expect(() => rollupForWindow(now, now, now, r)).toThrow(RangeError);
  });
});
