import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { applyConfig } from './running-config';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const wans = (...names: string[]) => names.map((name, i) => ({ name, mode: 'dhcp', weight: i === 0 ? 3 : 1 }));
const doc = (wanNames: string[], bonds: Record<string, unknown>[]) =>
  configDocumentSchema.parse({
    interfaces: { lan: [{ name: 'lan1', ip: '10.1.0.1', prefix: 24 }], wan: wans(...wanNames) },
    link_bonding: { internet: bonds },
  });
const bond = (n: number, members: string[], mode: string) => ({ id: id(n), name: `bond${n}`, members, mode, probe: { target: '1.1.1.1' } });

function gateway() {
  let now = Date.parse('2026-03-02T12:00:00Z');
  const flaps: FlapRules = { linkDownChance: 0, linkDownTicks: [50, 50], outageChance: 0, outageTicks: [1, 1] };
  const gw = new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(4), flaps, null, () => now);
  const beat = () => {
    now += 10_000;
    gw.heartbeat(new Date(now), null);
  };
  const legs = () => {
    const s = gw.statusSnapshot('link_bonding', null, () => undefined) as Extract<StatusSnapshot, { kind: 'link_bonding' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s.entries;
  };
  return { gw, beat, legs, flaps };
}

describe('link bonding on a simulated gateway', () => {
  it('reports each configured bond with its members sharing the traffic by mode', () => {
    const g = gateway();
    g.gw.configure(doc(['wan1', 'wan2', 'wan3'], [bond(1, ['wan1', 'wan2'], 'balance-flow')]));
    g.beat();
    expect(g.legs()).toEqual([
      {
        leg: 'internet',
        bond: 'bond1',
        mode: 'balance-flow',
        status: 'up',
        interfaces: ['wan1', 'wan2'],
        members: [
          { interface: 'wan1', up: true, share_pct: 75 },
          { interface: 'wan2', up: true, share_pct: 25 },
        ],
      },
    ]);
    // The heartbeat's bonded tunnel is the bond's members, not every internet link of the box.
    expect(g.gw.heartbeat(new Date(Date.parse('2026-03-02T12:01:00Z')), null).lb_status?.tunnel.interfaces).toEqual(['wan1', 'wan2']);
  });

  it('gives a member whose line is down no share: active-backup moves to the next member, broadcast sends on those left', () => {
    const g = gateway();
    g.gw.configure(doc(['wan1', 'wan2'], []));
    g.flaps.linkDownChance = 1;
    g.beat();
    g.flaps.linkDownChance = 0;
    // wan1 and wan2 are down now; wan3 and wan4, configured after, come up on fresh lines.
    g.gw.configure(doc(['wan1', 'wan2', 'wan3', 'wan4'], [bond(1, ['wan1', 'wan3'], 'active-backup'), bond(2, ['wan2', 'wan4'], 'broadcast')]));
    expect(g.legs().map((l) => [l.bond, l.status, l.members])).toEqual([
      [
        'bond1',
        'up',
        [
          { interface: 'wan1', up: false, share_pct: 0 },
          { interface: 'wan3', up: true, share_pct: 100 },
        ],
      ],
      [
        'bond2',
        'up',
        [
          { interface: 'wan2', up: false, share_pct: 0 },
          { interface: 'wan4', up: true, share_pct: 100 },
        ],
      ],
    ]);
    g.gw.configure(doc(['wan1', 'wan2', 'wan3', 'wan4'], [bond(1, ['wan1', 'wan2'], 'balance-packet')]));
    expect(g.legs()).toMatchObject([{ bond: 'bond1', status: 'down', interfaces: [], members: [{ share_pct: 0 }, { share_pct: 0 }] }]);
  });

  it('refuses a push whose bond names a link it does not have, in the words of the schema', () => {
    const outcome = applyConfig({
      document: { interfaces: { wan: wans('wan1', 'wan2') }, link_bonding: { internet: [bond(1, ['wan1', 'wan9'], 'broadcast')] } },
    });
    expect(outcome).toEqual({ ok: false, error: 'link_bonding.internet.0.members.1: Not a WAN interface of this configuration' });
  });
});
