import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, type FlowRecord, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { applyConfig } from './running-config';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STEADY: FlapRules = { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] };
// Gateway index 0 is in Chennai: 08:39 UTC is a busy afternoon there.
const BUSY = new Date('2026-03-02T08:39:00Z');
const minute = (i: number) => new Date(BUSY.getTime() + i * 60_000);

const doc = (netflow?: Record<string, unknown>) =>
  configDocumentSchema.parse({
    interfaces: {
      lan: [{ name: 'lan1', ip: '10.81.0.1', prefix: 24 }],
      wan: [
        { name: 'wan1', mode: 'dhcp' },
        { name: 'wan2', mode: 'dhcp' },
      ],
    },
    services: { dhcp: [{ id: id(1), interface: 'lan1', start: '10.81.0.100', end: '10.81.0.199' }] },
    ...(netflow ? { netflow } : {}),
  });

/** A gateway running `netflow` and a twin without a section, on the same seed: the same conversations, exported or not. */
function pair(netflow: Record<string, unknown>) {
  const make = () => new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(1), STEADY);
  const [plain, configured] = [make(), make()];
  plain.configure(doc());
  configured.configure(doc(netflow));
  const flows = (gw: GatewayBehaviour, i: number) => {
    gw.heartbeat(minute(i), null);
    return gw.flows(minute(i), 60);
  };
  const snap = () => {
    const s = configured.statusSnapshot('netflow', doc(netflow), () => undefined) as Extract<StatusSnapshot, { kind: 'netflow' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s;
  };
  return { plain, configured, flows, snap };
}
const packets = (rs: FlowRecord[]) => rs.reduce((n, r) => n + r.src_packets + r.dst_packets, 0);

describe("a gateway's NetFlow export", () => {
  it('exports only the flows of its configured interfaces, and counts what each collector was sent', () => {
    const p = pair({ interfaces: ['wan2'], collectors: [{ address: '192.0.2.9', port: 2055 }] });
    let all: FlowRecord[] = [];
    let exported: FlowRecord[] = [];
    for (let i = 0; i < 3; i++) {
      all = all.concat(p.flows(p.plain, i));
      exported = exported.concat(p.flows(p.configured, i));
    }
    expect(exported.length).toBeGreaterThan(0);
    expect(exported).toEqual(all.filter((r) => r.in_ifname === 'wan2' || r.out_ifname === 'wan2'));
    expect(p.snap()).toEqual({
      kind: 'netflow',
      enabled: true,
      version: 'ipfix',
      sampling: 1,
      interfaces: ['wan2'],
      entries: [
        { collector: 'Netloom', records: exported.length, last_export_at: minute(2).toISOString() },
        { collector: '192.0.2.9:2055', records: exported.length, last_export_at: minute(2).toISOString() },
      ],
    });
  });

  it('samples 1:N packets: counts divided by N, a flow with no sampled packet left out', () => {
    const p = pair({ interfaces: ['wan1', 'wan2'], sampling: 100 });
    const all = p.flows(p.plain, 0);
    const exported = p.flows(p.configured, 0);
    expect(exported.length).toBeLessThan(all.length);
    expect(packets(exported)).toBeLessThanOrEqual(packets(all) / 100);
    expect(exported.every((r) => r.src_packets + r.dst_packets > 0)).toBe(true);
    expect(p.snap()).toMatchObject({ sampling: 100, entries: [{ collector: 'Netloom', records: exported.length }] });
  });

  it("sends nothing to Netloom when its collector is off or export is disabled, yet counts an external collector's records", () => {
    const external = pair({ interfaces: ['wan1', 'wan2'], netloom_collector: false, collectors: [{ address: '192.0.2.9', port: 2055 }] });
    expect(external.flows(external.configured, 0)).toEqual([]);
    expect(external.snap().entries).toEqual([
      { collector: '192.0.2.9:2055', records: external.flows(external.plain, 0).length, last_export_at: minute(0).toISOString() },
    ]);
    const off = pair({ enabled: false });
    expect(off.flows(off.configured, 0)).toEqual([]);
    expect(off.snap()).toMatchObject({ enabled: false, entries: [] });
  });

  it('refuses a push exporting an interface it does not have', () => {
    const document = { ...doc(), netflow: { interfaces: ['wan9'] } };
    expect(applyConfig({ document })).toEqual({ ok: false, error: 'netflow.interfaces.0: No such interface in this configuration' });
  });
});
