import { describe, expect, it } from 'vitest';
import {
  STATUS_KINDS,
  configDocumentSchema,
  metricsSchema,
  statusSnapshotSchema,
  type ConfigDocument,
  type StatusKind,
  type StatusSnapshot,
} from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { bgpProfileOf, systemSnapshot } from './status-model';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STEADY: FlapRules = { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] };

/** A branch with every family the status snapshots read: two WANs, a VLAN, DHCP, firewall, SD-WAN and a tunnel. */
const site = (remote: string, lan: number, far: number): ConfigDocument =>
  configDocumentSchema.parse({
    interfaces: {
      lan: [{ name: 'lan1', ip: `10.${lan}.0.1`, prefix: 24 }],
      vlans: [{ id: id(1), parent: 'lan1', vlan_id: 20, ip: `10.${lan}.20.1`, prefix: 24 }],
      wan: [
        { name: 'wan1', mode: 'dhcp', weight: 3 },
        { name: 'wan2', mode: 'dhcp' },
      ],
    },
    services: {
      dhcp: [
        { id: id(2), interface: 'lan1', start: `10.${lan}.0.100`, end: `10.${lan}.0.150` },
        { id: id(3), interface: 'lan1.20', start: `10.${lan}.20.100`, end: `10.${lan}.20.150` },
      ],
      static_leases: [{ id: id(4), name: 'printer', mac: 'aa:bb:cc:dd:ee:01', ip: `10.${lan}.0.100` }],
    },
    firewall: {
      zones: [
        { id: id(5), name: 'lan', interfaces: ['lan1', 'lan1.20'], input: 'accept', output: 'accept', forward: 'accept' },
        { id: id(6), name: 'wan', interfaces: ['wan1', 'wan2'], input: 'drop', output: 'accept', forward: 'reject', masquerade: true },
      ],
      inbound: [{ id: id(7), name: 'ssh from office', protocol: 'tcp', src_zone: 'wan', src: '@office', dest_port: '22', action: 'accept' }],
      outbound: [{ id: id(8), name: 'block bad', protocol: 'any', src_zone: 'lan', dest: '@bad', action: 'drop' }],
      ipsets: [
        { id: id(9), name: 'office', entries: ['198.51.100.7'] },
        { id: id(10), name: 'bad', entries: ['203.0.113.0/24'] },
      ],
    },
    sdwan: {
      interfaces: [{ interface: 'wan1' }, { interface: 'wan2', priority: 2 }],
      rules: [{ id: id(11), name: 'voice', dscp: 46, preferred_wan: 'wan1', sla: { latency_ms: 5000, jitter_ms: 5000, loss_pct: 100 } }],
    },
    ipsec: {
      tunnels: [
        {
          id: id(12),
          name: 'to-hq',
          remote,
          local_interface: 'wan1',
          local_subnets: [`10.${lan}.0.0/24`],
          remote_subnets: [`10.${far}.0.0/24`],
          psk: 'shared-secret',
        },
      ],
    },
    qos: {
      interfaces: [{ interface: 'wan1', upload_kbps: 20_000, download_kbps: 100_000 }],
      classes: [
        { id: id(13), name: 'voice', guaranteed_pct: 30, maximum_pct: 50, priority: 1 },
        { id: id(14), name: 'bulk', guaranteed_pct: 10, maximum_pct: 100, priority: 7 },
      ],
      rules: [{ id: id(15), name: 'rtp', class: 'voice', dscp: 46 }],
    },
    vrrp: { groups: [{ id: id(16), interface: 'lan1', vrid: 1, virtual_ip: `10.${lan}.0.254` }] },
  });

/** A gateway on its own clock, configured, with a mirror peer at the far end of its tunnel. */
function configured() {
  let now = Date.parse('2026-03-02T04:00:00Z');
  const profile = gatewayProfile(mulberry32(3), 0);
  // Steady links until a test changes the rules.
  const flaps: FlapRules = { ...STEADY };
  const gw = new GatewayBehaviour(profile, mulberry32(1), flaps, bgpProfileOf(profile, 0), () => now);
  const beat = (seconds = 10) => {
    now += seconds * 1000;
    gw.heartbeat(new Date(now), null);
    gw.metrics(new Date(now));
  };
  beat();
  const doc = site('198.51.100.2', 81, 82);
  const peer = { publicIp: '198.51.100.2', doc: site(gw.publicIp!, 82, 81) };
  gw.configure(doc);
  const findPeer = (address: string) => (address === peer.publicIp ? peer : undefined);
  const snap = <K extends StatusKind>(kind: K) => gw.statusSnapshot(kind, doc, findPeer) as Extract<StatusSnapshot, { kind: K }>;
  return { gw, doc, beat, snap, findPeer, flaps, clock: { advance: (s: number) => (now += s * 1000), now: () => now } };
}

describe('a configured simulated gateway answers every status kind', () => {
  it('with a snapshot the agent protocol accepts', () => {
    const { beat, snap, gw } = configured();
    for (let i = 0; i < 30; i++) beat();
    for (const kind of STATUS_KINDS) {
      const s = snap(kind);
      expect(s.kind).toBe(kind);
      expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
      const maybeEmpty =
        kind === 'url_filter' ||
        kind === 'bgp' ||
        kind === 'system' ||
        kind === 'wireless' ||
        kind === 'acceleration' ||
        kind === 'ids' ||
        // This gateway's document has no user mapping section: it maps nobody.
        kind === 'user_mapping' ||
        (kind === 'link_bonding' && !gw.profile.bonding);
      if (!maybeEmpty) expect(s.entries.length, kind).toBeGreaterThan(0);
    }
    expect(snap('url_filter')).toEqual({ kind: 'url_filter', enabled: false, entries: [] });
    // Without a configuration only what the box has of itself: its lines, its log, its load.
    const bare = STATUS_KINDS.filter((kind) => gw.statusSnapshot(kind, null, () => undefined) !== null);
    expect(bare).toEqual(['system', 'bgp', 'bgp_routes', 'link_bonding', 'mwan', 'sla', 'url_filter', 'logs', 'netflow']);
    for (const kind of bare) expect(() => statusSnapshotSchema.parse(gw.statusSnapshot(kind, null, () => undefined))).not.toThrow();
  });

  it('reports its interfaces up with counters that grow, its BGP routes from the established neighbours', () => {
    const { beat, snap } = configured();
    for (let i = 0; i < 5; i++) beat();
    const wan1 = () => snap('interfaces').entries.find((e) => e.name === 'wan1')!;
    const before = wan1();
    expect(before).toMatchObject({ kind: 'wan', up: true });
    for (let i = 0; i < 30; i++) beat();
    expect(wan1().rx_bytes).toBeGreaterThan(before.rx_bytes!);
    expect(snap('interfaces').entries.find((e) => e.name === 'lan1')!.tx_bytes).toBeGreaterThan(0);
    const routes = snap('bgp_routes').entries;
    const neighbours = snap('bgp').entries.filter((n) => n.state === 'Established');
    expect(neighbours.length).toBeGreaterThan(0);
    expect(new Set(routes.map((r) => r.neighbour))).toEqual(new Set(neighbours.map((n) => n.neighbour)));
    expect(routes.length).toBe(neighbours.reduce((sum, n) => sum + n.prefixes, 0));
  });

  it('reports metrics with the load the system snapshot shows', () => {
    const { gw, clock } = configured();
    const m = metricsSchema.parse({ type: 'metrics', seq: 1, ...gw.metrics(new Date(clock.now())) });
    const [system] = (gw.statusSnapshot('system', null, () => undefined) as Extract<StatusSnapshot, { kind: 'system' }>).entries;
    expect(m.system).toEqual({ cpu_pct: system!.cpu_pct, memory_pct: system!.memory_pct });
    expect(systemSnapshot(gw.profile, 0, 1).entries[0]!.cpu_pct).toBeGreaterThan(m.system!.cpu_pct);
  });

  it('counts tunnel traffic while it is up, and grows its clients, firewall and tunnel counters', () => {
    const { beat, snap } = configured();
    const before = { ipsec: snap('ipsec_stats').entries[0]!, fw: snap('firewall').entries, usage: snap('usage').entries };
    expect(before.ipsec).toMatchObject({ name: 'to-hq', established_s: 0, bytes_in: 0, rekeys: 0 });
    for (let i = 0; i < 400; i++) beat();
    const after = snap('ipsec_stats').entries[0]!;
    expect(after.established_s).toBe(4000);
    expect(after.rekeys).toBe(1);
    expect(after.bytes_in).toBeGreaterThan(0);
    expect(after.packets_out).toBeGreaterThan(0);
    snap('firewall').entries.forEach((r, i) => expect(r.packets).toBeGreaterThan(before.fw[i]!.packets));
    snap('usage').entries.forEach((u, i) => expect(u.rx_bytes).toBeGreaterThan(before.usage[i]!.rx_bytes));
    const leases = snap('dhcp_leases').entries.map((l) => l.ip);
    expect(new Set(snap('url_tracking').entries.map((e) => e.client))).toEqual(new Set(leases));
  });

  it('logs a link going down and back, and its SD-WAN rules, multi-WAN and SLA follow the link', () => {
    const { beat, snap, gw, findPeer, doc, flaps } = configured();
    for (let i = 0; i < 5; i++) beat();
    expect(snap('mwan').entries.map((e) => `${e.interface} ${e.state} ${e.online_s}`)).toEqual(['wan1 online 60', 'wan2 online 60']);
    expect(gw.tunnels(doc, findPeer)).toEqual([{ name: 'to-hq', status: 'up' }]);
    Object.assign(flaps, { outageChance: 1, outageTicks: [2, 2] });
    beat();
    expect(snap('mwan').entries.map((e) => `${e.interface} ${e.state} ${e.online_s}`)).toEqual(['wan1 offline 0', 'wan2 offline 0']);
    expect(snap('sla').entries.map((e) => e.state)).toEqual(['down', 'down']);
    expect(snap('sdwan').entries[0]).toMatchObject({ active_wan: null, reason: 'no_link' });
    gw.tunnels(doc, findPeer);
    expect(snap('ipsec_stats').entries[0]).toMatchObject({ established_s: null, bytes_in: 0 });
    const log = snap('logs').entries.map((e) => `${e.level} ${e.facility}: ${e.message}`);
    // Newest first: the tunnel noticed down after the links, both BGP sessions before the outage came up.
    expect(log.slice(0, 5)).toEqual([
      'warning charon: IKE_SA to-hq with 198.51.100.2 down: the remote gateway has no tunnel to this one',
      'warning bgpd: %ADJCHANGE: neighbor 10.255.0.1 Down',
      `warning bgpd: %ADJCHANGE: neighbor ${gw.profile.publicIps[0]!.replace(/\.\d+$/, '.1')} Down`,
      "warning netifd: Interface 'wan2' has lost the connection",
      "warning netifd: Interface 'wan1' has lost the connection",
    ]);
    expect(log).toContain('notice charon: IKE_SA to-hq established with 198.51.100.2');
    expect(log).toContain('info netloom-agent: configuration applied: interfaces, firewall, services, sdwan, ipsec, qos, vrrp');
    expect(log).toContainEqual(expect.stringMatching(/^info dnsmasq-dhcp: DHCPACK\(lan1\.20\) 10\.81\.20\.100 /));
    expect(log.at(-1)).toMatch(/^notice kernel: Booting /);
  });

  it('logs the links coming back up', () => {
    const { beat, snap, flaps } = configured();
    Object.assign(flaps, { linkDownChance: 1, linkDownTicks: [2, 2] });
    beat();
    beat();
    beat();
    const log = snap('logs').entries.map((e) => `${e.facility}: ${e.message}`);
    expect(log).toContain("netifd: Interface 'wan1' is now up");
    const entries = snap('logs').entries;
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
  });
});
