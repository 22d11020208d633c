import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, type ConfigDocument, type StatusKind, type StatusSnapshot } from '@netloom/domain';
import type { FleetGateway } from './fleet-view';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { bgpProfileOf } from './status-model';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A small fleet on one clock: gateways that see each other as a tenant's gateways do. */
function fleet(count: number) {
  let now = Date.parse('2026-03-02T12:00:00Z');
  const flaps: FlapRules[] = [];
  const docs: (ConfigDocument | null)[] = [];
  const online: boolean[] = [];
  const gws = Array.from({ length: count }, (_, i) => {
    const profile = gatewayProfile(mulberry32(10 + i), i);
    flaps[i] = { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] };
    docs[i] = null;
    online[i] = true;
    return new GatewayBehaviour(profile, mulberry32(i + 1), flaps[i], bgpProfileOf(profile, i), () => now);
  });
  const view = (): FleetGateway[] =>
    gws.flatMap((g, i) =>
      docs[i]
        ? [
            {
              serial: g.serial,
              online: online[i]!,
              publicIp: g.publicIp,
              doc: docs[i]!,
              interfaceUp: (n: string) => g.interfaceUp(n),
              vrrpMaster: (k: string) => g.vrrpMaster(k),
            },
          ]
        : [],
    );
  gws.forEach((g) => g.joinFleet(view));
  const beat = (seconds = 10) => {
    now += seconds * 1000;
    for (const g of gws) {
      g.heartbeat(new Date(now), null);
      g.metrics(new Date(now));
    }
  };
  const configure = (i: number, doc: unknown) => {
    docs[i] = configDocumentSchema.parse(doc);
    gws[i]!.configure(docs[i]);
  };
  const snap = <K extends StatusKind>(i: number, kind: K) => {
    const s = gws[i]!.statusSnapshot(kind, docs[i] ?? null, () => undefined) as Extract<StatusSnapshot, { kind: K }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s;
  };
  return { gws, beat, configure, snap, flaps, online };
}

const lan = (third: number, host = 1, prefix = 24) => ({ lan: [{ name: 'lan1', ip: `10.${third}.0.${host}`, prefix }], wan: [{ name: 'wan1', mode: 'dhcp' }] });

describe('QoS on a simulated gateway', () => {
  it('counts packets, bytes and drops per class, growing with traffic from when QoS was applied', () => {
    const f = fleet(1);
    f.beat();
    f.configure(0, {
      interfaces: lan(1),
      qos: {
        interfaces: [{ interface: 'wan1', upload_kbps: 10_000, download_kbps: 50_000 }],
        classes: [
          { id: id(1), name: 'voice', guaranteed_pct: 20, maximum_pct: 40, priority: 1 },
          { id: id(2), name: 'bulk', guaranteed_pct: 10, maximum_pct: 100, priority: 7 },
        ],
        rules: [{ id: id(3), name: 'rtp', class: 'voice', dscp: 46 }],
      },
    });
    expect(f.snap(0, 'qos').entries.map((e) => [e.class, e.packets])).toEqual([
      ['voice', 0],
      ['bulk', 0],
    ]);
    for (let i = 0; i < 60; i++) f.beat(60);
    const first = f.snap(0, 'qos').entries;
    expect(first.map((e) => e.class)).toEqual(['voice', 'bulk']);
    for (const e of first) expect(e.packets).toBeGreaterThan(0);
    // Voice gets more traffic (a bigger guarantee and a rule); bulk, served last, loses more of its packets.
    expect(first[0]!.bytes).toBeGreaterThan(first[1]!.bytes);
    expect(first[1]!.drops / first[1]!.packets).toBeGreaterThan(first[0]!.drops / first[0]!.packets);
    for (let i = 0; i < 30; i++) f.beat(60);
    const later = f.snap(0, 'qos').entries;
    later.forEach((e, k) => {
      expect(e.bytes).toBeGreaterThan(first[k]!.bytes);
      expect(e.drops).toBeGreaterThanOrEqual(first[k]!.drops);
    });
  });
});

describe('BGP follows the configuration', () => {
  const speaker = (asn: number, third: number, neighbours: unknown[], extra: Record<string, unknown> = {}) => ({
    interfaces: lan(third),
    bgp: { asn, router_id: `10.${third}.0.1`, neighbours, networks: [`10.${third}.0.0/24`, `172.16.${third}.0/24`], ...extra },
  });

  it('establishes a session with a gateway of the fleet that has the mirror neighbour, and learns its networks through the filters', () => {
    const f = fleet(2);
    f.configure(
      0,
      speaker(65001, 1, [{ id: id(1), address: '10.2.0.1', remote_asn: 65002, prefix_list_in: 'only-lans' }], {
        prefix_lists: [{ id: id(9), name: 'only-lans', entries: [{ seq: 5, action: 'permit', prefix: '10.0.0.0/8', le: 24 }] }],
      }),
    );
    f.configure(1, speaker(65002, 2, [{ id: id(2), address: '10.1.0.1', remote_asn: 65001 }]));
    f.beat(15);
    expect(f.snap(0, 'bgp')).toMatchObject({
      local: { ip: '10.1.0.1', asn: 65001 },
      entries: [{ neighbour: '10.2.0.1', asn: 65002, state: 'Established', prefixes: 1 }],
    });
    expect(f.snap(1, 'bgp').entries[0]).toMatchObject({ neighbour: '10.1.0.1', state: 'Established', prefixes: 2 });
    expect(f.snap(0, 'bgp_routes').entries).toEqual([{ prefix: '10.2.0.0/24', next_hop: '10.2.0.1', neighbour: '10.2.0.1', as_path: '65002', best: true }]);
  });

  it('stays Active without the mirror or with the wrong AS, is Idle (Admin) when turned off, and peers with an upstream router outside the fleet', () => {
    const f = fleet(2);
    f.configure(
      0,
      speaker(65001, 1, [
        { id: id(1), address: '10.2.0.1', remote_asn: 65002 },
        { id: id(2), address: '198.51.100.1', remote_asn: 3320, description: 'ISP' },
        { id: id(3), address: '198.51.100.9', remote_asn: 3320, enabled: false },
      ]),
    );
    f.configure(1, speaker(65002, 2, [{ id: id(4), address: '10.1.0.1', remote_asn: 65009 }]));
    f.beat(15);
    expect(f.snap(0, 'bgp').entries.map((e) => `${e.neighbour} ${e.state} ${e.prefixes}`)).toEqual([
      '10.2.0.1 Active 0',
      '198.51.100.1 Established 1',
      '198.51.100.9 Idle (Admin) 0',
    ]);
    expect(f.snap(0, 'bgp_routes').entries.map((r) => `${r.prefix} ${r.as_path}`)).toEqual(['0.0.0.0/0 3320']);
    expect(f.snap(1, 'bgp').entries[0]!.state).toBe('Active');
    // The peer switched off: its session goes down too.
    f.configure(1, speaker(65002, 2, [{ id: id(4), address: '10.1.0.1', remote_asn: 65001 }]));
    expect(f.snap(0, 'bgp').entries[0]!.state).toBe('Established');
    f.online[1] = false;
    expect(f.snap(0, 'bgp').entries[0]!.state).toBe('Active');
  });

  it('keeps the neighbours of its profile while it has no BGP section', () => {
    const f = fleet(1);
    f.beat(40);
    expect(f.snap(0, 'bgp').entries.length).toBeGreaterThan(0);
    f.configure(0, { interfaces: lan(1) });
    expect(f.snap(0, 'bgp').entries.length).toBeGreaterThan(0);
    f.configure(0, speaker(65001, 1, []));
    expect(f.snap(0, 'bgp')).toEqual({ kind: 'bgp', local: { ip: '10.1.0.1', asn: 65001 }, entries: [] });
  });
});

describe('VRRP across the fleet', () => {
  const group = (priority: number, over: Record<string, unknown> = {}) => ({
    groups: [{ id: id(1), interface: 'lan1', vrid: 7, virtual_ip: '10.5.0.254', priority, track: [{ interface: 'wan1', decrement: 60 }], ...over }],
  });
  const roles = (f: ReturnType<typeof fleet>) => [0, 1].map((i) => f.snap(i, 'vrrp').entries[0]).map((e) => `${e?.state} ${e?.priority} ${e?.master}`);

  it('elects one master on a shared subnet, and hands over when the master loses its tracked line', () => {
    const f = fleet(2);
    f.configure(0, { interfaces: lan(5, 2), vrrp: group(150) });
    f.configure(1, { interfaces: lan(5, 3), vrrp: group(100) });
    f.beat();
    expect(roles(f)).toEqual(['master 150 10.5.0.2', 'backup 100 10.5.0.2']);
    // The master's WAN goes down: 150 - 60 = 90, below its partner.
    f.flaps[0]!.linkDownChance = 1;
    f.flaps[0]!.linkDownTicks = [50, 50];
    f.beat();
    expect(roles(f)).toEqual(['backup 90 10.5.0.3', 'master 100 10.5.0.3']);
    // Each change of role is in the gateway's log (newest first), as keepalived writes it.
    const log = (i: number) =>
      f
        .snap(i, 'logs')
        .entries.filter((e) => e.facility === 'keepalived')
        .map((e) => e.message);
    expect(log(0)).toEqual(['(lan1/7) Entering BACKUP STATE', '(lan1/7) Entering MASTER STATE']);
    expect(log(1)).toEqual(['(lan1/7) Entering MASTER STATE', '(lan1/7) Entering BACKUP STATE']);
  });

  it('keeps a sitting master when the better partner does not pre-empt, and ignores groups of another subnet or id', () => {
    const f = fleet(2);
    f.configure(1, { interfaces: lan(5, 3), vrrp: group(100) });
    expect(f.snap(1, 'vrrp').entries[0]).toMatchObject({ state: 'master', master: '10.5.0.3' });
    f.configure(0, { interfaces: lan(5, 2), vrrp: group(200, { preempt: false }) });
    expect(roles(f)).toEqual(['backup 200 10.5.0.3', 'master 100 10.5.0.3']);
    f.configure(0, { interfaces: lan(6, 2), vrrp: group(200, { virtual_ip: '10.6.0.254' }) });
    expect(roles(f)).toEqual(['master 200 10.6.0.2', 'master 100 10.5.0.3']);
    f.configure(0, { interfaces: lan(5, 2), vrrp: group(200, { enabled: false }) });
    expect(f.snap(0, 'vrrp').entries[0]).toMatchObject({ state: 'disabled', master: null });
  });
});
