import { describe, expect, it } from 'vitest';
import { renderDeviceDocument, statusSnapshotSchema, type ConfigDocument, type MeshMember, type StatusSnapshot } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import { DeviceConfig } from './device-config';
import type { FlapRules } from './links';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';
import { tunnelStates, type Peer } from './router-model';

const STEADY: FlapRules = { linkDownChance: 0, linkDownTicks: [1000, 1000], outageChance: 0, outageTicks: [1, 1] };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const GROUP = id(100);
const address = (n: number) => `203.0.113.${n}`;

interface Site {
  n: number;
  role: 'hub' | 'spoke';
  topology?: MeshMember['topology'];
  subnets?: string[];
  enabled?: boolean;
}
const member = (s: Site): MeshMember => ({
  device_id: id(s.n),
  name: `gw-${s.n}`,
  role: s.role,
  topology: s.topology ?? 'hub-and-spoke',
  subnets: s.subnets ?? [`10.${s.n}.0.0/16`],
  address: address(s.n),
  network_id: GROUP,
});

/** A site's document as the server renders it: its static WAN, its LAN, and its mesh peers chosen from `sites` with the tenant's secret. */
function rendered(site: Site, sites: readonly Site[], secret = 'tenant-secret'): ConfigDocument {
  const r = renderDeviceDocument({
    deviceId: id(site.n),
    networkId: GROUP,
    deviceName: `gw-${site.n}`,
    templates: [],
    groupValues: {},
    deviceValues: {},
    disabledFamilies: [],
    autoVpnSecret: secret,
    meshMembers: sites.filter((s) => s.enabled !== false).map(member),
    own: {
      interfaces: {
        lan: [{ name: 'lan1', ip: `10.${site.n}.0.1`, prefix: 16 }],
        wan: [{ name: 'wan1', mode: 'static', ip: address(site.n), prefix: 24, gateway: '203.0.113.254' }],
      },
      overlay_mesh: { enabled: site.enabled ?? true, topology: site.topology ?? 'hub-and-spoke', role: site.role, subnets: [`10.${site.n}.0.0/16`] },
    } as never,
  });
  if (!r.ok) throw new Error(r.message);
  return r.document;
}
const fleetOf =
  (docs: Record<number, ConfigDocument>) =>
  (a: string): Peer | undefined => {
    const n = Number(a.split('.').at(-1));
    return docs[n] ? { publicIp: a, doc: docs[n] } : undefined;
  };

describe('Overlay Mesh VPN tunnels on a simulated gateway', () => {
  const hub: Site = { n: 1, role: 'hub' };
  const spoke: Site = { n: 2, role: 'spoke' };

  it('brings a mesh tunnel up at both ends when each lists the other with the same key and subnets', () => {
    const docs = { 1: rendered(hub, [hub, spoke]), 2: rendered(spoke, [hub, spoke]) };
    expect(tunnelStates(docs[1], address(1), fleetOf(docs))).toEqual([{ name: 'mesh-gw-2', remote: address(2), state: 'up', reason: null }]);
    expect(tunnelStates(docs[2], address(2), fleetOf(docs))).toEqual([{ name: 'mesh-gw-1', remote: address(1), state: 'up', reason: null }]);
  });

  it('keeps it down when the far end does not agree: mesh off there, another key, or other subnets', () => {
    const off = { 1: rendered(hub, [hub, spoke]), 2: rendered({ ...spoke, enabled: false }, [hub]) };
    expect(tunnelStates(off[1], address(1), fleetOf(off))[0]).toMatchObject({ state: 'down', reason: 'the remote gateway has no tunnel to this one' });
    const rekeyed = { 1: rendered(hub, [hub, spoke]), 2: rendered(spoke, [hub, spoke], 'another-secret') };
    expect(tunnelStates(rekeyed[1], address(1), fleetOf(rekeyed))[0]).toMatchObject({ state: 'down', reason: 'authentication failed (pre-shared key)' });
    // The hub still holds subnets the spoke advertised before (10.2.1.0/24); the spoke runs 10.2.0.0/16 now.
    const moved = { 1: rendered(hub, [hub, { ...spoke, subnets: ['10.2.1.0/24'] }]), 2: rendered(spoke, [hub, spoke]) };
    expect(tunnelStates(moved[1], address(1), fleetOf(moved))[0]).toMatchObject({ state: 'down', reason: 'traffic selectors do not match' });
    expect(tunnelStates(moved[1], address(1), () => undefined)[0]).toMatchObject({ state: 'down', reason: 'no answer from the remote gateway' });
  });

  it('names mesh tunnels apart from Auto VPN tunnels to the same peer', () => {
    const docs = { 1: rendered(hub, [hub, spoke]), 2: rendered(spoke, [hub, spoke]) };
    const withAuto = {
      ...docs[1],
      ipsec: { tunnels: [], auto_vpn: { enabled: true, topology: 'full-mesh' as const, role: 'spoke' as const, subnets: [], peers: [] } },
    };
    expect(tunnelStates(withAuto, address(1), fleetOf(docs)).map((t) => t.name)).toEqual(['mesh-gw-2']);
  });
});

/** A gateway of `model` behind the configuration store a simulated device pushes through. */
function gateway(model: string) {
  const gw = new GatewayBehaviour({ ...gatewayProfile(mulberry32(3), 0), model }, mulberry32(4), STEADY, null, () => Date.parse('2026-03-02T08:39:00Z'));
  const config = new DeviceConfig(
    null,
    60_000,
    (d) => gw.configure(d),
    () => {},
    (d) => gw.cannotRun(d),
  );
  return { gw, config };
}

describe('Overlay Mesh VPN on the smallest model', () => {
  const hub: Site = { n: 1, role: 'hub' };
  const spoke: Site = { n: 2, role: 'spoke' };

  it("refuses to be a hub, in the box's own words, and runs what it ran before", () => {
    const g = gateway('NL-Edge 100');
    expect(g.config.push('job-1', { document: rendered(spoke, [hub, spoke]) })).toMatchObject({ ok: true });
    expect(g.config.push('job-2', { document: rendered(hub, [hub, spoke]) })).toEqual({
      ok: false,
      error: 'overlay_mesh: this model (NL-Edge 100) cannot be a hub: its crypto engine holds at most 8 tunnels, make it a spoke',
    });
    expect(g.config.document?.overlay_mesh?.role).toBe('spoke');
    expect(gateway('NL-Edge 300').config.push('job-1', { document: rendered(hub, [hub, spoke]) })).toMatchObject({ ok: true });
  });

  it('refuses a full mesh of more peers than its crypto engine holds', () => {
    const sites: Site[] = Array.from({ length: 10 }, (_, i) => ({ n: i + 1, role: 'spoke', topology: 'full-mesh' }));
    expect(gateway('NL-Edge 100').config.push('job-1', { document: rendered(sites[0]!, sites) })).toEqual({
      ok: false,
      error: 'overlay_mesh: this model (NL-Edge 100) holds at most 8 tunnels and its mesh has 9 peers: make it a spoke of a hub-and-spoke mesh',
    });
    expect(gateway('NL-Edge 100').config.push('job-1', { document: rendered(sites[0]!, sites.slice(0, 9)) })).toMatchObject({ ok: true });
  });

  it('reports its mesh tunnels in its IPsec status', () => {
    const docs = { 1: rendered(hub, [hub, spoke]), 2: rendered(spoke, [hub, spoke]) };
    const g = gateway('NL-Edge 500');
    expect(g.config.push('job-1', { document: docs[2] })).toMatchObject({ ok: true });
    const s = g.gw.statusSnapshot('ipsec', g.config.document, fleetOf(docs)) as Extract<StatusSnapshot, { kind: 'ipsec' }>;
    expect(() => statusSnapshotSchema.parse(s)).not.toThrow();
    expect(s.entries).toContainEqual({ name: 'mesh-gw-1', remote: address(1), state: 'up', reason: null });
  });
});
