import { describe, expect, it } from 'vitest';
import { configDocumentSchema, flowRecordSchema, type ConfigDocument, type FlowRecord } from '@netloom/domain';
import { EndpointBehaviour, ZTNA_TUNNEL_IFNAME } from './endpoint-behaviour';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { endpointProfile, gatewayProfile } from './profiles';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STEADY: FlapRules = { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] };
// Gateway index 0 is in Chennai (lng 80.27): 08:39 UTC is two in the afternoon there, a busy hour.
const BUSY = new Date('2026-03-02T08:39:00Z');

const gateway = (flaps: FlapRules = STEADY) => new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(1), flaps);
const upWans = (gw: GatewayBehaviour, at: Date) =>
  gw
    .heartbeat(at, null)
    .wan.filter((w) => w.status === 'up')
    .map((w) => w.name);

/** Two WANs, a DHCP pool, and an SD-WAN rule that sends calls (DSCP 46) to the second link. */
const branch: ConfigDocument = configDocumentSchema.parse({
  interfaces: {
    lan: [{ name: 'lan1', ip: '10.81.0.1', prefix: 24 }],
    wan: [
      { name: 'wan1', mode: 'dhcp', weight: 3 },
      { name: 'wan2', mode: 'dhcp' },
    ],
  },
  services: { dhcp: [{ id: id(1), interface: 'lan1', start: '10.81.0.100', end: '10.81.0.199' }] },
  sdwan: {
    interfaces: [{ interface: 'wan1' }, { interface: 'wan2', priority: 2 }],
    rules: [{ id: id(2), name: 'voice', dscp: 46, preferred_wan: 'wan2', failover: false, sla: { latency_ms: 5000, jitter_ms: 5000, loss_pct: 100 } }],
  },
});

const valid = (records: FlowRecord[]) => {
  for (const r of records) flowRecordSchema.parse(r);
  return records;
};

describe("a gateway's flows", () => {
  it('come from the hosts of its LAN, over the WAN links the heartbeat reports up, by their names', () => {
    const gw = gateway();
    const up = upWans(gw, BUSY);
    const records = valid(gw.flows(BUSY, 60));
    expect(records.length).toBeGreaterThan(20);
    expect(new Set(records.map((r) => r.wan))).toEqual(new Set(up));
    // Unconfigured, the box's own LAN: one /24 of this site, several hosts talking.
    const sources = new Set(records.map((r) => r.src_ip));
    expect(sources.size).toBeGreaterThan(3);
    expect(new Set([...sources].map((ip) => ip.replace(/\.\d+$/, ''))).size).toBe(1);
  });

  it('carry nothing over a link that is down, and nothing at all when every link is', () => {
    // Links drop and come back often: each interval only the links up at the time carry traffic.
    const gw = gateway({ linkDownChance: 0.3, linkDownTicks: [1, 3], outageChance: 0.1, outageTicks: [1, 2] });
    let partly = 0;
    let dark = 0;
    for (let i = 0; i < 40; i++) {
      const at = new Date(BUSY.getTime() + i * 60_000);
      const up = upWans(gw, at);
      const wans = new Set(valid(gw.flows(at, 60)).map((r) => r.wan));
      for (const wan of wans) expect(up).toContain(wan);
      if (up.length === 0) {
        expect(wans.size).toBe(0);
        dark += 1;
      } else if (up.length < gw.profile.links.length) partly += 1;
    }
    expect(partly).toBeGreaterThan(0);
    expect(dark).toBeGreaterThan(0);
  });

  it('follow its configuration: hosts of its DHCP pool, calls on the link the SD-WAN rule prefers', () => {
    const gw = gateway();
    gw.configure(branch);
    upWans(gw, BUSY);
    const records = valid(gw.flows(BUSY, 60));
    expect(records.every((r) => /^10\.81\.0\.1\d\d$/.test(r.src_ip) && r.in_ifname === 'lan1')).toBe(true);
    const calls = records.filter((r) => r.dscp === 46);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((r) => r.out_ifname === 'wan2' && r.wan === 'WAN2')).toBe(true);
    expect(records.some((r) => r.wan === 'WAN1')).toBe(true);
  });

  it('scale to a short export interval: records within it, bytes in proportion', () => {
    const bytes = (rs: FlowRecord[]) => rs.reduce((a, r) => a + r.src_bytes + r.dst_bytes, 0);
    const long = gateway();
    const short = gateway();
    upWans(long, BUSY);
    upWans(short, BUSY);
    let minute = 0;
    let twoSeconds = 0;
    for (let i = 0; i < 5; i++) minute += bytes(long.flows(new Date(BUSY.getTime() + i * 60_000), 60));
    for (let i = 0; i < 150; i++) {
      const at = new Date(BUSY.getTime() + i * 2000);
      const records = valid(short.flows(at, 2));
      for (const r of records) {
        expect(Date.parse(r.start)).toBeGreaterThanOrEqual(at.getTime() - 2000);
        expect(Date.parse(r.end)).toBeLessThanOrEqual(at.getTime());
      }
      twoSeconds += bytes(records);
    }
    // The same five minutes, exported every 2 s instead of every 60 s: about the same traffic.
    expect(twoSeconds / minute).toBeGreaterThan(0.6);
    expect(twoSeconds / minute).toBeLessThan(1.6);
  });
});

describe("an endpoint's flows", () => {
  const profile = endpointProfile(mulberry32(5), 0, 'acme.test');

  it('name its signed-in user, from its tunnel address, over its one interface', () => {
    const endpoint = new EndpointBehaviour(profile, mulberry32(2), null);
    const at = new Date('2026-03-02T08:39:00Z');
    expect(endpoint.heartbeat(at, null).status).toBe('connected');
    const records = valid(endpoint.flows(at, 60));
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(r).toMatchObject({ user: profile.user, src_ip: profile.vpnIp, in_ifname: ZTNA_TUNNEL_IFNAME, out_ifname: profile.ifname, wan: profile.ifname });
    }
    // One person, not an office.
    const office = gateway();
    upWans(office, at);
    expect(records.length).toBeLessThan(office.flows(at, 60).length);
  });

  it('stop while its tunnel is being re-established', () => {
    // A stream that always draws low: the tunnel drops at the first heartbeat.
    const endpoint = new EndpointBehaviour(profile, () => 0.001, null);
    const at = new Date('2026-03-02T08:39:00Z');
    expect(endpoint.heartbeat(at, null).status).toBe('online');
    expect(endpoint.flows(at, 60)).toEqual([]);
  });
});
