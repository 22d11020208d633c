import { describe, expect, it } from 'vitest';
import { LAB, LAB_INTERFACES, labUnavailable } from './test/netns-lab';
import { labAgent, waitFor } from './test/lab-agent';

const unavailable = labUnavailable();

/** The remote site's router: AS 65002 on the second WAN's link, announcing the site's address. */
const REMOTE_FRR = `router bgp 65002
 bgp router-id ${LAB.wan1Remote}
 no bgp ebgp-requires-policy
 neighbor ${LAB.wan1Gw} remote-as 65001
 address-family ipv4 unicast
  network ${LAB.site}/32
 exit-address-family
exit
`;

/** BGP pushed from the console to FRR on the agent's box, peering with a real FRR at the remote site. */
describe.runIf(!unavailable)('the Netloom agent running BGP through FRR', () => {
  const h = labAgent({ serial: 'LNX-LAB-BGP', frr: { remote: REMOTE_FRR } });

  it("peers with the remote site, learns its route into the kernel, and reports FRR's neighbours and routes", async () => {
    expect((await h.push('interfaces', LAB_INTERFACES)).sync.state).toBe('synced');
    expect(h.pingFrom(h.lab.ns.gw, LAB.site)).toBe(false);
    const neighbour = { id: crypto.randomUUID(), address: LAB.wan1Remote, remote_asn: 65002, description: 'Remote site' };
    const c = await h.push('bgp', { asn: 65001, router_id: LAB.wan1Gw, neighbours: [neighbour], networks: ['192.168.50.0/24'] });
    expect(c.sync).toMatchObject({ state: 'synced', error: null });
    await waitFor('the learnt route in the kernel', () => /10\.9\.9\.9 .*proto bgp/.test(h.gw('ip', 'route').stdout));
    expect(h.pingFrom(h.lab.ns.gw, LAB.site)).toBe(true);

    const bgp = await waitFor('the neighbour established', async () => {
      const s = await h.status('bgp');
      return s.kind === 'bgp' && s.entries[0]?.state === 'Established' && s;
    });
    expect(bgp).toMatchObject({ local: { ip: LAB.wan1Gw, asn: 65001 }, entries: [{ neighbour: LAB.wan1Remote, asn: 65002, prefixes: 1 }] });
    const routes = await h.status('bgp_routes');
    expect(routes.kind === 'bgp_routes' && routes.entries).toContainEqual(expect.objectContaining({ prefix: `${LAB.site}/32`, as_path: '65002', best: true }));
    // The remote site learnt what the gateway announces.
    expect(h.lab.exec(h.lab.ns.remote, ['ip', 'route']).stdout).toMatch(/192\.168\.50\.0\/24 .*proto bgp/);
  });

  it('takes the neighbour down when the console turns it off, and BGP out when the section goes', async () => {
    const neighbour = { id: crypto.randomUUID(), address: LAB.wan1Remote, remote_asn: 65002, enabled: false };
    expect((await h.push('bgp', { asn: 65001, router_id: LAB.wan1Gw, neighbours: [neighbour] })).sync.state).toBe('synced');
    await waitFor('the learnt route gone', () => !/proto bgp/.test(h.gw('ip', 'route').stdout));
    expect((await h.call('DELETE', `device/config/${h.deviceId}/sections/bgp/`)).statusCode).toBe(200);
    await waitFor('synced without BGP', async () => (await h.config()).sync.state === 'synced');
    expect(h.lab.exec(h.lab.ns.gw, ['vtysh', '-N', h.lab.ns.gw, '-c', 'show running-config']).stdout).not.toMatch(/router bgp/);
  });
});
