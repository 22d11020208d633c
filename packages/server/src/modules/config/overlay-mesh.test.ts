import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { autoVpnPairKey, deviceConfigSchema, overlayPairKey, networkSchema, SECRET_MASK, type ConfigDocument, type OverlayPeer } from '@netloom/domain';
import { configAutoVpnSecrets, deviceJobs } from '../../db/schema/index';
import { testBackends } from '../../test/build';
import { familyHarness, itTakesEachFamily, type FamilyCase } from '../../test/family-suite';
import { waitFor } from '../../test/wait-for';

const interfaces = {
  lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24 }],
  wan: [{ name: 'wan1', mode: 'dhcp' }],
};

const FAMILIES = {
  overlay_mesh: {
    section: { topology: 'hub-and-spoke', role: 'hub', subnets: ['192.168.10.0/24'] },
    templated: { topology: 'full-mesh', subnets: ['{{lan_subnet}}'] },
    value: { lan_subnet: '192.168.10.0/25' },
    rendered: (doc: ConfigDocument) => doc.overlay_mesh?.subnets[0],
    expected: '192.168.10.0/25',
    bad: { subnets: ['10.9.0.0/16'] },
    badField: 'section.subnets.0',
  },
} satisfies Record<string, FamilyCase>;

describe.each(testBackends('pglite'))('Overlay Mesh VPN configuration on %s', (backend) => {
  const h = familyHarness(backend);
  itTakesEachFamily(h, FAMILIES, interfaces, 'MESH');

  /** A gateway with a LAN of its own (10.{n}.0.0/16) and a static WAN address, so its peers know where it is at once. */
  const meshGateway = async (n: number) => {
    const g = await h.gateway(`SN-MESH-${n}`);
    const section = {
      lan: [{ name: 'lan1', ip: `10.${n}.0.1`, prefix: 16 }],
      wan: [{ name: 'wan1', mode: 'static', ip: `203.0.113.${n}`, prefix: 24, gateway: '203.0.113.254' }],
    };
    const res = await h.call('PUT', `device/config/${g.id}/sections/interfaces/`, { section });
    expect(res.statusCode, res.body).toBe(200);
    return { ...g, n, name: `edge-SN-MESH-${n}` };
  };
  type Gw = Awaited<ReturnType<typeof meshGateway>>;
  const mesh = async (g: Gw, role: 'hub' | 'spoke', enabled = true) => {
    const res = await h.call('PUT', `device/config/${g.id}/sections/overlay_mesh/`, {
      section: { enabled, topology: 'hub-and-spoke', role, subnets: [`10.${g.n}.0.0/16`] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const peersShown = async (g: Gw) => deviceConfigSchema.parse((await h.call('GET', `device/config/${g.id}/`)).json()).document.overlay_mesh?.peers ?? [];
  const names = async (g: Gw) => (await peersShown(g)).map((p) => p.name).sort();
  /** What the gateway was last pushed, keys and all. */
  const lastPush = async (g: Gw) => {
    const jobs = await h.app().services.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, g.id));
    const last = jobs
      .filter((j) => j.kind === 'apply_config')
      .sort((a, b) => +a.createdAt - +b.createdAt)
      .at(-1)!;
    return (last.payload.document as ConfigDocument).overlay_mesh?.peers ?? ([] as OverlayPeer[]);
  };
  const latestMessage = async (g: Gw) => ((await h.call('GET', `device/config/${g.id}/revisions/`)).json().results as { message: string | null }[])[0]?.message;
  const group = async (name: string, members: Gw[]) => {
    const created = networkSchema.parse((await h.call('POST', 'network/list/', { name })).json());
    const res = await h.call('PUT', `network/${created.id}/devices/`, { device_ids: members.map((m) => m.id) });
    expect(res.statusCode, res.body).toBe(200);
    return created.id;
  };

  it('meshes the gateways of one device group only, with a key per pair both ends share, masked in every answer', async () => {
    const [hub, s1, s2, alone] = [await meshGateway(51), await meshGateway(52), await meshGateway(53), await meshGateway(54)];
    await group('Mesh North', [hub, s1]);
    await group('Mesh South', [s2]);
    await mesh(hub, 'hub');
    await mesh(s1, 'spoke');
    await mesh(s2, 'spoke');
    await mesh(alone, 'spoke');
    expect(await names(hub)).toEqual([s1.name]);
    expect(await names(s1)).toEqual([hub.name]);
    expect(await names(s2)).toEqual([]);
    expect(await names(alone)).toEqual([]);
    // The answer shows where the peer is and masks its key; the box is pushed the key itself, the same at both ends.
    expect(await peersShown(s1)).toEqual([expect.objectContaining({ name: hub.name, address: '203.0.113.51', subnets: ['10.51.0.0/16'], psk: SECRET_MASK })]);
    const [toS1] = await lastPush(hub);
    const [toHub] = await lastPush(s1);
    expect(toS1!.psk).toMatch(/^[0-9a-f]{48}$/);
    expect(toS1!.psk).toBe(toHub!.psk);
    // Derived from the tenant's one overlay secret, but not the key that pair has in Auto VPN.
    const [{ secret }] = (await h.app().services.db.select().from(configAutoVpnSecrets)) as [{ secret: string }, ...unknown[]];
    expect(toS1!.psk).toBe(overlayPairKey('overlay-mesh', secret, hub.id, s1.id));
    expect(toS1!.psk).not.toBe(autoVpnPairKey(secret, hub.id, s1.id));
    // The hub was pushed again when the spoke joined, as that spoke's push says why.
    expect(await latestMessage(hub)).toBe('Overlay Mesh VPN peers changed');
    for (const url of [`device/config/${hub.id}/`, `device/config/${hub.id}/export/`]) expect((await h.call('GET', url)).body).not.toContain(toS1!.psk);
    // Sealed at rest, as every secret of a document: neither the revisions nor the pushes hold the key in clear.
    const stored = sql`select coalesce((select string_agg(document::text, '') from config_revisions), '')
      || coalesce((select string_agg(payload::text, '') from device_jobs), '') as dump`;
    const dump = ((await h.app().services.db.execute(stored)) as unknown as { rows: { dump: string }[] }).rows[0]!.dump;
    expect(dump).toContain('mesh');
    expect(dump).not.toContain(toS1!.psk);
  });

  it('follows a gateway that leaves the mesh, or moves to another device group', async () => {
    const [hub, s1, s2] = [await meshGateway(61), await meshGateway(62), await meshGateway(63)];
    await group('Mesh East', [hub, s1, s2]);
    for (const [g, role] of [
      [hub, 'hub'],
      [s1, 'spoke'],
      [s2, 'spoke'],
    ] as const)
      await mesh(g, role);
    expect(await names(hub)).toEqual([s1.name, s2.name].sort());
    // A spoke turns the mesh off: the hub keeps one peer.
    await mesh(s2, 'spoke', false);
    expect(await names(hub)).toEqual([s1.name]);
    expect(await names(s2)).toEqual([]);
    // The other spoke moves to a group of its own: neither end keeps the other, and the hub is pushed why.
    const west = await group('Mesh West', [s1]);
    expect(await names(hub)).toEqual([]);
    expect(await names(s1)).toEqual([]);
    expect(await lastPush(hub)).toEqual([]);
    expect(await latestMessage(hub)).toBe('Overlay Mesh VPN peers changed: device groups changed');
    // The hub follows it there (its old group is left empty): the pair is back.
    expect((await h.call('PUT', `network/${west}/devices/`, { device_ids: [s1.id, hub.id] })).statusCode).toBe(200);
    expect(await names(hub)).toEqual([s1.name]);
    expect((await lastPush(s1)).map((p) => p.name)).toEqual([hub.name]);
    // Deleting the group leaves both in none: no peers.
    expect((await h.call('DELETE', `network/${west}/`)).statusCode).toBe(204);
    expect(await names(s1)).toEqual([]);
    expect(await lastPush(hub)).toEqual([]);
  });

  it("shows a gateway's refusal to be a hub, which its model cannot run, as failed with the gateway's words", async () => {
    const { agent, id } = await h.gateway('SN-MESH-SMALL');
    await h.call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await h.answer(agent);
    const refusal = 'overlay_mesh: this model (NL-Edge 100) cannot be a hub: its crypto engine holds at most 8 tunnels, make it a spoke';
    expect((await h.call('PUT', `device/config/${id}/sections/overlay_mesh/`, { section: FAMILIES.overlay_mesh.section })).statusCode).toBe(200);
    await h.answer(agent, false, refusal);
    expect((await h.state(id)).sync).toMatchObject({ state: 'failed', error: refusal });
  });
});

describe.each(testBackends('pglite'))("Overlay Mesh VPN peers following a gateway's address on %s", (backend) => {
  // A new public address reaches the peers at once (its settling is Auto VPN's test, in templates.test.ts).
  const h = familyHarness(backend, (c) => ({ ...c, fleet: { ...c.fleet, autoVpnAddressSettleSeconds: 0 } }));

  it("writes a gateway's new public address into its mesh peers' documents, and only theirs", async () => {
    const [hub, spoke, other] = [await h.gateway('SN-MESHADDR-HUB'), await h.gateway('SN-MESHADDR-SPOKE'), await h.gateway('SN-MESHADDR-OTHER')];
    const created = networkSchema.parse((await h.call('POST', 'network/list/', { name: 'Mesh by address' })).json());
    expect((await h.call('PUT', `network/${created.id}/devices/`, { device_ids: [hub.id, spoke.id] })).statusCode).toBe(200);
    for (const [i, g, role] of [
      [1, hub, 'hub'],
      [2, spoke, 'spoke'],
      [3, other, 'hub'],
    ] as const) {
      await h.call('PUT', `device/config/${g.id}/sections/interfaces/`, {
        section: { lan: [{ name: 'lan1', ip: `10.${90 + i}.0.1`, prefix: 16 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
      });
      const res = await h.call('PUT', `device/config/${g.id}/sections/overlay_mesh/`, { section: { role, subnets: [`10.${90 + i}.0.0/16`] } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const shownAddress = async (id: string) =>
      deviceConfigSchema.parse((await h.call('GET', `device/config/${id}/`)).json()).document.overlay_mesh?.peers[0]?.address;
    expect(await shownAddress(hub.id)).toBeNull();
    const revisions = async (id: string) => (await h.call('GET', `device/config/${id}/revisions/`)).json().count as number;
    const otherBefore = await revisions(other.id);
    spoke.agent.heartbeat({ public_ip: '198.51.100.90' });
    await spoke.agent.next('ack');
    await waitFor(async () => (await shownAddress(hub.id)) === '198.51.100.90');
    const [latest] = (await h.call('GET', `device/config/${hub.id}/revisions/`)).json().results as { message: string | null }[];
    expect(latest?.message).toBe('Overlay Mesh VPN: edge-SN-MESHADDR-SPOKE is reached at 198.51.100.90 now');
    // A hub of no group is nobody's peer: nothing was written for it.
    expect(await revisions(other.id)).toBe(otherBefore);
  });
});
