import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { applyConfig } from './running-config';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const doc = (acceleration: Record<string, unknown>) =>
  configDocumentSchema.parse({
    interfaces: {
      lan: [{ name: 'lan1', ip: '10.1.0.1', prefix: 24 }],
      wan: [
        { name: 'wan1', mode: 'dhcp' },
        { name: 'wan2', mode: 'dhcp' },
      ],
    },
    acceleration,
  });
const rules = [
  { id: id(1), name: 'teams', application: 'Microsoft Teams', fec: true },
  { id: id(2), name: 'dc', destination: '10.20.0.0/16' },
  { id: id(3), name: 'off', application: 'Zoom', enabled: false },
];

function gateway() {
  // Chennai at 08:39 UTC: a busy afternoon.
  let now = Date.parse('2026-03-02T08:39:00Z');
  const flaps: FlapRules = { linkDownChance: 0, linkDownTicks: [1000, 1000], outageChance: 0, outageTicks: [1, 1] };
  const gw = new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(4), flaps, null, () => now);
  const beat = () => {
    now += 60_000;
    gw.heartbeat(new Date(now), null);
  };
  const snap = (d: ReturnType<typeof doc>) => {
    const s = gw.statusSnapshot('acceleration', d, () => undefined) as Extract<StatusSnapshot, { kind: 'acceleration' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s.entries;
  };
  return { gw, beat, snap, flaps };
}

describe('network acceleration on a simulated gateway', () => {
  it("counts each enabled rule's accelerated traffic while its links are up, and FEC repairs only where FEC is on", () => {
    const g = gateway();
    const d = doc({ wan_links: ['wan1', 'wan2'], rules });
    g.gw.configure(d);
    expect(g.snap(d).map((e) => [e.rule, e.bytes])).toEqual([
      ['teams', 0],
      ['dc', 0],
    ]);
    for (let i = 0; i < 5; i++) g.beat();
    const [teams, dc] = g.snap(d);
    expect(teams!.bytes).toBeGreaterThan(0);
    expect(teams!.flows).toBeGreaterThan(0);
    expect(teams!.fec_recovered).toBeGreaterThan(0);
    expect(dc!.fec_recovered).toBe(0);
    // Every link down: the counters stand still.
    g.flaps.linkDownChance = 1;
    g.beat();
    const before = g.snap(d);
    g.beat();
    g.beat();
    expect(g.snap(d)).toEqual(before);
  });

  it('starts the counters again when the section changes', () => {
    const g = gateway();
    const d = doc({ wan_links: ['wan1'], rules });
    g.gw.configure(d);
    for (let i = 0; i < 3; i++) g.beat();
    expect(g.snap(d)[0]!.bytes).toBeGreaterThan(0);
    const changed = doc({ wan_links: ['wan1', 'wan2'], rules });
    g.gw.configure(changed);
    expect(g.snap(changed)[0]!.bytes).toBe(0);
  });

  it('refuses a push accelerating on a link that is not one of its WANs', () => {
    const document = { ...doc({}), acceleration: { wan_links: ['lan1'], rules } };
    expect(applyConfig({ document })).toEqual({ ok: false, error: 'acceleration.wan_links.0: Not a WAN interface of this configuration' });
  });
});
