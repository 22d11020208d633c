import { classifyFlow, flowRecordSchema, FLOWS_BATCH_MAX, OTHER_APPLICATION, type FlowRecord } from '@netloom/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flowsFor, type FlowClient, type FlowLink, type FlowsInput } from './flows';
import { destinationRangeOf } from './flows-destinations';
import { mulberry32 } from './prng';

const clients = (n: number): FlowClient[] =>
  Array.from({ length: n }, (_, i) => ({ ip: `192.168.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`, hostname: `client-${i + 1}` }));
const LINKS: FlowLink[] = [
  { ifname: 'eth0', name: 'WAN1', up: true, weight: 10 },
  { ifname: 'eth1', name: 'WAN2', up: true, weight: 3 },
];
// lng 0: the local hour is the UTC hour.
const office = (hour: number, patch: Partial<FlowsInput> = {}): FlowsInput => ({
  at: new Date(Date.UTC(2025, 2, 3, hour, 0, 30)),
  lng: 0,
  lat: 51.5,
  clients: clients(20),
  links: LINKS,
  peakBps: 5e6,
  ...patch,
});

const bytes = (r: FlowRecord) => r.src_bytes + r.dst_bytes;
const sum = (rs: readonly FlowRecord[]) => rs.reduce((a, r) => a + bytes(r), 0);
const seeds = [1, 2, 3, 4, 5, 6, 7, 8];

describe('flowsFor', () => {
  it('gives records that all pass the schema, at any hour, for any clients and links', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
        fc.option(fc.constant('anna.kumar@example.com'), { nil: undefined }),
        (seed, hour, n, ups, user) => {
          const links = ups.map((up, i) => ({ ifname: `eth${i}`, name: `WAN${i + 1}`, up, weight: i + 1 }));
          const records = flowsFor(office(hour, { clients: clients(n), links, ...(user ? { user } : {}) }), mulberry32(seed));
          for (const r of records) flowRecordSchema.parse(r);
          expect(records.length).toBeLessThanOrEqual(FLOWS_BATCH_MAX);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('gives the same flows for the same seed and input, others for another seed', () => {
    expect(flowsFor(office(14), mulberry32(42))).toEqual(flowsFor(office(14), mulberry32(42)));
    expect(flowsFor(office(14), mulberry32(43))).not.toEqual(flowsFor(office(14), mulberry32(42)));
  });

  it('follows the local working day: far more at 14:00 than at 03:00', () => {
    const at = (hour: number) => seeds.reduce((a, s) => a + sum(flowsFor(office(hour), mulberry32(s))), 0);
    expect(at(14)).toBeGreaterThan(5 * at(3));
    // The same hour elsewhere: 14:00 in Chennai (lng 80.27) is 08:39 UTC.
    const chennai = (utc: string) => sum(flowsFor(office(0, { at: new Date(utc), lng: 80.27, lat: 13.08 }), mulberry32(1)));
    expect(chennai('2025-03-03T08:39:00Z')).toBeGreaterThan(5 * chennai('2025-03-02T21:39:00Z'));
  });

  it('carries mostly named applications: office apps by day, streaming in the evening', () => {
    const share = (hour: number, apps: string[]) => {
      const all = seeds.flatMap((s) => flowsFor(office(hour), mulberry32(s)));
      return sum(all.filter((r) => apps.includes(classifyFlow(r)))) / sum(all);
    };
    expect(share(14, [OTHER_APPLICATION])).toBeLessThan(0.1);
    expect(share(21, [OTHER_APPLICATION])).toBeLessThan(0.1);
    expect(share(14, ['HTTPS', 'Google'])).toBeGreaterThan(0.3);
    expect(share(14, ['Microsoft 365', 'Microsoft Teams', 'Zoom', 'Webex'])).toBeGreaterThan(0.25);
    expect(share(21, ['YouTube', 'Netflix'])).toBeGreaterThan(3 * share(14, ['YouTube', 'Netflix']));
  });

  it('has DNS as many small flows, and SSH rarely', () => {
    const all = seeds.flatMap((s) => flowsFor(office(14), mulberry32(s)));
    const dns = all.filter((r) => classifyFlow(r) === 'DNS');
    expect(dns.length).toBeGreaterThan(all.length / 5);
    expect(sum(dns) / sum(all)).toBeLessThan(0.01);
    const ssh = all.filter((r) => classifyFlow(r) === 'SSH');
    expect(ssh.length).toBeLessThan(all.length / 50);
  });

  it('looks like real conversations: ephemeral client ports, downloads larger, packets from bytes, EF for calls only', () => {
    const all = seeds.flatMap((s) => flowsFor(office(14), mulberry32(s)));
    for (const r of all) {
      expect(r.src_port).toBeGreaterThanOrEqual(32768);
      expect(r.dst_port).toBeLessThan(32768);
      expect(r.dst_bytes / r.dst_packets).toBeLessThanOrEqual(1500);
      expect(r.src_bytes / r.src_packets).toBeLessThanOrEqual(1500);
      expect(r.dscp === 46).toBe(['Microsoft Teams', 'Zoom', 'Webex'].includes(classifyFlow(r)) && r.protocol === 17);
      expect(destinationRangeOf(r.dst_ip)).toBeDefined();
      expect(r.in_ifname).toBe('lan1');
    }
    const tcpWeb = all.filter((r) => r.dst_port === 443 && r.dscp === 0);
    expect(tcpWeb.filter((r) => r.dst_bytes > r.src_bytes).length).toBeGreaterThan(0.9 * tcpWeb.length);
    expect(all.some((r) => r.dscp === 46)).toBe(true);
  });

  it('never sends over a down link, and follows pickWan', () => {
    const oneDown = [LINKS[0]!, { ...LINKS[1]!, up: false }];
    const records = flowsFor(office(14, { links: oneDown }), mulberry32(5));
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => `${r.out_ifname}/${r.wan}`))).toEqual(new Set(['eth0/WAN1']));
    expect(flowsFor(office(14, { links: LINKS.map((l) => ({ ...l, up: false })) }), mulberry32(5))).toEqual([]);

    // Both up: the load balancing spreads over both; a rule sends calls to WAN2, another to a down link drops them.
    const spread = flowsFor(office(14), mulberry32(5));
    expect(new Set(spread.map((r) => r.wan))).toEqual(new Set(['WAN1', 'WAN2']));
    const toWan2 = flowsFor(office(14, { pickWan: (app) => (app === 'Microsoft Teams' ? 'eth1' : undefined) }), mulberry32(5));
    const teams = toWan2.filter((r) => classifyFlow(r) === 'Microsoft Teams');
    expect(teams.length).toBeGreaterThan(0);
    expect(teams.every((r) => r.wan === 'WAN2')).toBe(true);
    const dropped = flowsFor(office(14, { links: oneDown, pickWan: (_app, _dst, dscp) => (dscp === 46 ? 'eth1' : undefined) }), mulberry32(5));
    expect(dropped.some((r) => r.dscp === 46)).toBe(false);
    expect(dropped.every((r) => r.wan === 'WAN1')).toBe(true);
  });

  it('keeps a batch within FLOWS_BATCH_MAX for a big office, bytes kept', () => {
    const big = office(14, { clients: clients(3000), peakBps: 100e6 });
    const records = flowsFor(big, mulberry32(3));
    expect(records.length).toBeLessThanOrEqual(FLOWS_BATCH_MAX);
    expect(records.length).toBeGreaterThan(FLOWS_BATCH_MAX / 2);
    for (const r of records) flowRecordSchema.parse(r);
    // Same volume as the mean of the curve predicts, within the noise: merging lost nothing.
    expect(sum(records)).toBeGreaterThan(0.5 * 100e6 * 60 * 0.88);
  });

  it('has heavy talkers: the top client far above the median one', () => {
    for (const s of seeds) {
      const perClient = new Map<string, number>();
      for (const r of flowsFor(office(14), mulberry32(s))) perClient.set(r.src_ip, (perClient.get(r.src_ip) ?? 0) + bytes(r));
      const sorted = [...perClient.values()].sort((a, b) => b - a);
      expect(sorted[0]!).toBeGreaterThan(4 * sorted[Math.floor(sorted.length / 2)]!);
    }
  });

  it('names the signed-in user of an endpoint, and no user for gateway clients it does not know', () => {
    const endpoint = flowsFor(
      office(14, {
        clients: [{ ip: '10.20.30.40', hostname: 'anna-laptop-1' }],
        links: [{ ifname: 'Wi-Fi', name: 'Wi-Fi', up: true, weight: 1 }],
        user: 'anna.kumar@example.com',
        lanIfname: 'nl0',
        peakBps: 2e6,
      }),
      mulberry32(8),
    );
    expect(endpoint.length).toBeGreaterThan(0);
    expect(endpoint.every((r) => r.user === 'anna.kumar@example.com' && r.in_ifname === 'nl0' && r.out_ifname === 'Wi-Fi')).toBe(true);
    expect(flowsFor(office(14), mulberry32(8)).some((r) => r.user !== undefined)).toBe(false);
    const known = flowsFor(office(14, { clients: [{ ip: '192.168.1.5', hostname: 'pc', user: 'ravi.smith@example.com', interface: 'lan2' }] }), mulberry32(8));
    expect(known.every((r) => r.user === 'ravi.smith@example.com' && r.in_ifname === 'lan2')).toBe(true);
  });

  it('refuses an interval longer than the active timeout', () => {
    expect(() => flowsFor(office(14, { intervalS: 300 }), mulberry32(1))).toThrow(RangeError);
    expect(flowsFor(office(14, { clients: [] }), mulberry32(1))).toEqual([]);
  });
});
