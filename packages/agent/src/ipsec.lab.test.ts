import { describe, expect, it } from 'vitest';
import { LAB, LAB_INTERFACES, labUnavailable } from './test/netns-lab';
import { labAgent, waitFor } from './test/lab-agent';

const unavailable = labUnavailable();
const PSK = 'a-long-shared-secret';

/** The remote site's end: its address on the second WAN's link, the site's subnet behind it. */
const REMOTE_SWANCTL = `connections {
  gateway {
    version = 2
    local_addrs = ${LAB.wan1Remote}
    remote_addrs = ${LAB.wan1Gw}
    proposals = aes256-sha256-modp2048
    local { auth = psk
      id = ${LAB.wan1Remote} }
    remote { auth = psk
      id = ${LAB.wan1Gw} }
    children {
      gateway {
        local_ts = ${LAB.site}/32
        remote_ts = 192.168.50.0/24
        esp_proposals = aes256-sha256-modp2048
      }
    }
  }
}
secrets {
  ike-gateway { id-1 = ${LAB.wan1Remote}
    id-2 = ${LAB.wan1Gw}
    secret = "${PSK}" }
}
`;

/** A site-to-site tunnel pushed from the console to strongSwan on the agent's box, to a real strongSwan at the remote site. */
describe.runIf(!unavailable)('the Netloom agent running IPsec through strongSwan', () => {
  const h = labAgent({ serial: 'LNX-LAB-IPSEC', strongswan: { remote: REMOTE_SWANCTL } });

  it("brings the tunnel up, carries the LAN's traffic to the site through it, and reports it up with its traffic", async () => {
    expect((await h.push('interfaces', LAB_INTERFACES)).sync.state).toBe('synced');
    // Without the tunnel the site is unreachable: the ISP has no route to it.
    expect(h.pingFrom(h.lab.ns.lan, LAB.site)).toBe(false);
    const tunnel = {
      id: crypto.randomUUID(),
      name: 'Remote site',
      remote: LAB.wan1Remote,
      local_interface: 'wan1',
      local_subnets: ['192.168.50.0/24'],
      remote_subnets: [`${LAB.site}/32`],
      psk: PSK,
    };
    const c = await h.push('ipsec', { tunnels: [tunnel] });
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    await waitFor('the site through the tunnel', () => h.pingFrom(h.lab.ns.lan, LAB.site), 20_000);
    const status = await waitFor('the tunnel reported up', async () => {
      const s = await h.status('ipsec');
      return s.kind === 'ipsec' && s.entries[0]?.state === 'up' && s;
    });
    expect(status.entries).toEqual([{ name: 'Remote site', remote: LAB.wan1Remote, state: 'up', reason: null }]);
    const stats = await h.status('ipsec_stats');
    expect(stats.kind === 'ipsec_stats' && stats.entries[0]?.packets_out).toBeGreaterThan(0);
  });

  it('takes the tunnel down when the section goes, and the site is unreachable again', async () => {
    expect((await h.call('DELETE', `device/config/${h.deviceId}/sections/ipsec/`)).statusCode).toBe(200);
    await waitFor('synced without IPsec', async () => (await h.config()).sync.state === 'synced');
    await waitFor('the site out of reach', () => !h.pingFrom(h.lab.ns.lan, LAB.site), 15_000);
  });
});
