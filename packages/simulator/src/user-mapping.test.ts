import { describe, expect, it } from 'vitest';
import { configDocumentSchema, statusSnapshotSchema, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STEADY: FlapRules = { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] };
// Gateway index 0 is in Chennai: 08:39 UTC is a busy afternoon there.
const BUSY = new Date('2026-03-02T08:39:00Z');

const doc = (userMapping?: Record<string, unknown>) =>
  configDocumentSchema.parse({
    interfaces: { lan: [{ name: 'lan1', ip: '10.81.0.1', prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
    services: { dhcp: [{ id: id(1), interface: 'lan1', start: '10.81.0.100', end: '10.81.0.199' }] },
    ...(userMapping ? { user_mapping: userMapping } : {}),
  });

function gatewayRunning(userMapping?: Record<string, unknown>) {
  const gw = new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(1), STEADY);
  const running = doc(userMapping);
  gw.configure(running);
  gw.heartbeat(BUSY, null);
  const snapshot = () => {
    const s = gw.statusSnapshot('user_mapping', running, () => undefined) as Extract<StatusSnapshot, { kind: 'user_mapping' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    return s;
  };
  return { flows: () => gw.flows(BUSY, 60), snapshot };
}

describe("a gateway's user mapping", () => {
  it('names no user in its flows without a section, and lists nobody', () => {
    const gw = gatewayRunning();
    expect(gw.flows().length).toBeGreaterThan(0);
    expect(gw.flows().filter((r) => r.user)).toEqual([]);
    expect(gw.snapshot().entries).toEqual([]);
  });

  it("puts a static entry's user on that address's flows, and each host's DHCP host name on the rest", () => {
    const gw = gatewayRunning({ static_entries: [{ id: id(2), address: '10.81.0.100', user: 'ACME\\asha' }], ztna_identity: false, dhcp_hostnames: true });
    const flows = gw.flows();
    const fromStatic = flows.filter((r) => r.src_ip === '10.81.0.100' || r.dst_ip === '10.81.0.100');
    expect(fromStatic.length).toBeGreaterThan(0);
    expect(new Set(fromStatic.map((r) => r.user))).toEqual(new Set(['ACME\\asha']));
    const entries = gw.snapshot().entries;
    expect(entries.find((e) => e.address === '10.81.0.100')).toMatchObject({ user: 'ACME\\asha', source: 'static' });
    const learned = entries.filter((e) => e.address !== '10.81.0.100');
    expect(learned.length).toBeGreaterThan(0);
    for (const e of learned) expect(e).toMatchObject({ source: 'dhcp', user: e.hostname });
    // Every flow of a mapped host names its user.
    for (const r of flows) expect(r.user).toBe(entries.find((e) => e.address === r.src_ip || e.address === r.dst_ip)?.user);
  });

  it('hears RADIUS accounting only from its client networks, and it beats the ZTNA identity', () => {
    const radius = (clients: string[]) => gatewayRunning({ radius: { enabled: true, port: 1813, secret: 'r4dius', clients } }).snapshot().entries;
    const heard = radius(['10.81.0.0/24']);
    expect(heard.some((e) => e.source === 'radius' && e.user.startsWith('OFFICE\\'))).toBe(true);
    expect(heard.some((e) => e.source === 'ztna' && e.user.endsWith('@example.com'))).toBe(true);
    expect(radius(['10.99.0.0/24']).every((e) => e.source === 'ztna')).toBe(true);
  });

  it('maps nobody while the section is off', () => {
    const gw = gatewayRunning({ enabled: false, static_entries: [{ id: id(2), address: '10.81.0.100', user: 'asha' }] });
    expect(gw.flows().filter((r) => r.user)).toEqual([]);
    expect(gw.snapshot().entries).toEqual([]);
  });
});
