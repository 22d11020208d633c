import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configDocumentSchema, overlayPairKey, type ConfigDocument, type OverlayKeyLabel } from '@netloom/domain';
import { configAutoVpnSecrets } from '../../server/src/db/schema/index';
import { TestAgent } from '../../server/src/test/agent-client';
import { LAB, LAB_INTERFACES, labUnavailable } from './test/netns-lab';
import { labAgent, waitFor } from './test/lab-agent';
import { swanctlConf } from './render/swanctl';

const unavailable = labUnavailable();

/** The remote site as another gateway of the organisation: its static WAN (the remote's address behind the ISP) and the subnet behind it. */
const SITE = { name: 'Remote site', wan: LAB.remote, subnet: '10.9.9.0/24' };
const LAN_SUBNET = '192.168.50.0/24';

/**
 * What a Netloom gateway at the remote site would run for its one peer, the lab's agent: the
 * connection the agent renders, mirrored (its identities, the pair's key the server derives, the
 * subnets crossed over).
 */
const siteSwanctl = (label: OverlayKeyLabel, psk: string) => `connections {
  ${label} {
    version = 2
    local_addrs = ${SITE.wan}
    remote_addrs = ${LAB.wan0Gw}
    proposals = aes256-sha256-modp2048
    local { auth = psk
      id = ${label}@${SITE.wan} }
    remote { auth = psk
      id = ${label}@${LAB.wan0Gw} }
    children {
      ${label} {
        local_ts = ${SITE.subnet}
        remote_ts = ${LAN_SUBNET}
        esp_proposals = aes256-sha256-modp2048
      }
    }
  }
}
secrets {
  ike-${label} { id-1 = ${label}@${SITE.wan}
    id-2 = ${label}@${LAB.wan0Gw}
    secret = "${psk}" }
}
`;

/**
 * The overlays through strongSwan: the remote site is a second gateway of the organisation (it
 * enrols, and its configuration takes part in Auto VPN, then in the Overlay Mesh VPN of the
 * agent's device group), so the server writes it into the agent's document as a peer with the
 * pair's key. The site's strongSwan runs what a gateway there would: the same key, derived from
 * the organisation's overlay secret by the domain's function.
 */
describe.runIf(!unavailable)('the Netloom agent meeting its Auto VPN and Overlay Mesh peers through strongSwan', () => {
  const h = labAgent({ serial: 'LNX-LAB-OVERLAY', strongswan: { remote: '' } });
  /** Another gateway of the organisation: it answers every push as applied, and keeps the last document it was pushed (keys and all). */
  type Gateway = { agent: TestAgent; id: string; pushed: ConfigDocument | null };
  let site: Gateway | null = null;
  const others: TestAgent[] = [];
  afterAll(() => others.forEach((a) => a.ws.terminate()));

  /** Another gateway of the organisation, enrolled with its interfaces saved (it answers no push: only its configuration matters here). */
  const enrol = async (serial: string, name: string, interfaces: object): Promise<Gateway> => {
    const agent = await TestAgent.connect(h.t.app, h.lab.mgmtRoot);
    others.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: h.enrolmentKey }, { serial, name });
    const welcome = (await agent.next('welcome', 15_000)) as { device_id: string };
    const g: Gateway = { agent, id: welcome.device_id, pushed: null };
    agent.ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { type: string; job_id?: string; payload?: { config_hash?: string; document?: unknown } };
      if (m.type !== 'job' || !m.payload?.document) return;
      g.pushed = configDocumentSchema.parse(m.payload.document);
      agent.send({ type: 'job_result', job_id: m.job_id, ok: true, output: 'configuration applied', config_hash: m.payload.config_hash });
    });
    const saved = await h.call('PUT', `device/config/${g.id}/sections/interfaces/`, { section: interfaces });
    expect(saved.statusCode, saved.body).toBe(200);
    return g;
  };
  const enrolSite = () =>
    enrol('LNX-LAB-SITE', SITE.name, {
      lan: [{ name: 'lan0', ip: '10.9.9.1', prefix: 24 }],
      wan: [{ name: 'wan0', mode: 'static', ip: SITE.wan, prefix: 24, gateway: '203.0.113.1' }],
    });
  const save = async (g: Gateway, family: string, section: unknown) => {
    const saved = await h.call('PUT', `device/config/${g.id}/sections/${family}/`, { section });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const saveSite = (family: string, section: unknown) => save(site!, family, section);
  /** The pair's key of an overlay, as the domain derives it from the organisation's overlay secret. */
  const pairKey = async (label: OverlayKeyLabel) => {
    const [{ secret }] = (await h.t.app.services.db.select().from(configAutoVpnSecrets)) as [{ secret: string }, ...unknown[]];
    return overlayPairKey(label, secret, h.deviceId, site!.id);
  };
  /** The site's strongSwan loaded with this file (loading a file unloads what it no longer names). */
  const loadSite = (name: string, conf: string) => {
    const file = path.join(h.stateDir, `site-${name}.conf`);
    writeFileSync(file, conf, { mode: 0o600 });
    const loaded = h.lab.exec(h.lab.ns.remote, ['swanctl', '--load-all', '--noprompt', '--file', file, '--uri', h.remoteCharon!]);
    expect(loaded.status, loaded.stderr || loaded.stdout).toBe(0);
  };
  const ipsecStatus = async (name: string) =>
    waitFor(`${name} reported up`, async () => {
      const s = await h.status('ipsec');
      return s.kind === 'ipsec' && s.entries.some((e) => e.name === name && e.state === 'up') && s.entries;
    });

  it('meets the Auto VPN peer the server wrote, carries the LAN to its subnet through the tunnel, and reports auto-<peer> up', async () => {
    expect((await h.push('interfaces', LAB_INTERFACES)).sync.state).toBe('synced');
    const autoVpn = { enabled: true, topology: 'full-mesh', subnets: [LAN_SUBNET] };
    expect((await h.push('ipsec', { tunnels: [], auto_vpn: autoVpn })).sync).toMatchObject({ state: 'synced', error: null });
    // Alone in the overlay: no peer, no tunnel, and the site's subnet is out of reach.
    expect(await h.status('ipsec')).toEqual({ kind: 'ipsec', entries: [] });
    expect(h.pingFrom(h.lab.ns.lan, LAB.site)).toBe(false);

    site = await enrolSite();
    // Written by hand from strongSwan's own terms: the agent's rendering is checked against a configuration it did not write.
    loadSite('auto-vpn', siteSwanctl('auto-vpn', await pairKey('auto-vpn')));
    // The site joins Auto VPN: the server writes it into the agent's document as a peer and pushes it.
    await saveSite('ipsec', { tunnels: [], auto_vpn: { enabled: true, topology: 'full-mesh', subnets: [SITE.subnet] } });
    await waitFor('the site through the Auto VPN tunnel', () => h.pingFrom(h.lab.ns.lan, LAB.site), 45_000);
    expect(await ipsecStatus(`auto-${SITE.name}`)).toEqual([{ name: `auto-${SITE.name}`, remote: SITE.wan, state: 'up', reason: null }]);
    const stats = await h.status('ipsec_stats');
    expect(stats.kind === 'ipsec_stats' && stats.entries.find((e) => e.name === `auto-${SITE.name}`)?.packets_out).toBeGreaterThan(0);
    expect((await h.config()).sync.state).toBe('synced');
  });

  it('lists a peer whose address is not known yet as down, and still runs the others', async () => {
    // A gateway behind a DHCP WAN that has not reported its address: the server writes it without one.
    const branch = await enrol('LNX-LAB-BRANCH', 'Branch', { lan: [{ name: 'lan0', ip: '10.20.0.1', prefix: 24 }], wan: [{ name: 'wan0', mode: 'dhcp' }] });
    await save(branch, 'ipsec', { tunnels: [], auto_vpn: { enabled: true, topology: 'full-mesh', subnets: ['10.20.0.0/24'] } });
    const entries = await waitFor('the branch listed', async () => {
      const s = await h.status('ipsec');
      return s.kind === 'ipsec' && s.entries.length === 2 && s.entries;
    });
    // In the order of the peers' device ids, as the server writes them.
    expect(entries).toEqual(
      expect.arrayContaining([
        { name: 'auto-Branch', remote: '', state: 'down', reason: 'the peer has not reported its address yet' },
        { name: `auto-${SITE.name}`, remote: SITE.wan, state: 'up', reason: null },
      ]),
    );
    expect((await h.config()).sync).toMatchObject({ state: 'synced', error: null });
    expect(h.pingFrom(h.lab.ns.lan, LAB.site)).toBe(true);
    await save(branch, 'ipsec', { tunnels: [], auto_vpn: { enabled: false, topology: 'full-mesh', subnets: ['10.20.0.0/24'] } });
  });

  it('meets the same gateway in the Overlay Mesh VPN of their device group, as mesh-<peer>, each end running what the agent renders', async () => {
    expect((await h.push('ipsec', { tunnels: [], auto_vpn: { enabled: false, topology: 'full-mesh', subnets: [LAN_SUBNET] } })).sync.state).toBe('synced');
    await saveSite('ipsec', { tunnels: [], auto_vpn: { enabled: false, topology: 'full-mesh', subnets: [SITE.subnet] } });
    await waitFor('the site out of reach', () => !h.pingFrom(h.lab.ns.lan, LAB.site), 15_000);
    const group = await h.call('POST', 'network/list/', { name: 'Overlay lab' });
    expect(group.statusCode, group.body).toBe(201);
    const members = await h.call('PUT', `network/${group.json().id}/devices/`, { device_ids: [h.deviceId, site!.id] });
    expect(members.statusCode, members.body).toBe(200);
    expect((await h.push('overlay_mesh', { enabled: true, topology: 'full-mesh', subnets: [LAN_SUBNET] })).sync.state).toBe('synced');
    // The site joins: the server pushes each gateway the other as its peer.
    await saveSite('overlay_mesh', { enabled: true, topology: 'full-mesh', subnets: [SITE.subnet] });
    const pushed = await waitFor(
      'the site pushed its mesh peer',
      () => site!.pushed?.overlay_mesh?.peers.find((p) => p.device_id === h.deviceId) && site!.pushed,
    );
    expect(pushed.overlay_mesh?.peers).toEqual([expect.objectContaining({ address: LAB.wan0Gw, subnets: [LAN_SUBNET], psk: await pairKey('overlay-mesh') })]);
    // The site runs what the agent would render from the document the site was pushed: both ends are Netloom's, both start the tunnel.
    loadSite('overlay-mesh', swanctlConf(pushed));
    await waitFor('the site through the mesh tunnel', () => h.pingFrom(h.lab.ns.lan, LAB.site), 45_000);
    expect(await ipsecStatus(`mesh-${SITE.name}`)).toEqual([{ name: `mesh-${SITE.name}`, remote: SITE.wan, state: 'up', reason: null }]);
    expect((await h.config()).sync).toMatchObject({ state: 'synced', error: null });
  });

  it('takes the mesh tunnel down when the section goes, and the site is unreachable again', async () => {
    expect((await h.call('DELETE', `device/config/${h.deviceId}/sections/overlay_mesh/`)).statusCode).toBe(200);
    await waitFor('synced without the mesh', async () => (await h.config()).sync.state === 'synced');
    await waitFor('the site out of reach', () => !h.pingFrom(h.lab.ns.lan, LAB.site), 15_000);
    expect(await h.status('ipsec')).toEqual({ kind: 'ipsec', entries: [] });
  });
});
