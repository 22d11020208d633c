import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAB, LAB_INTERFACES, labUnavailable, labZones } from './test/netns-lab';
import { labAgent, waitFor } from './test/lab-agent';

const unavailable = labUnavailable();

/** A WAN that takes its address from the ISP's DHCP server, as many a branch office's line does. */
describe.runIf(!unavailable)('the Netloom agent on a DHCP WAN', () => {
  const h = labAgent({ serial: 'LNX-LAB-DHCP' });
  const wan0Address = () => /inet (198\.51\.100\.\d+)\/24/.exec(h.gw('ip', '-4', 'addr', 'show', 'wan0').stdout)?.[1];

  it("takes the ISP's lease and default route, and the LAN leaves behind the address it was given", async () => {
    // The ISP's DHCP server on its side of the first WAN.
    const leases = path.join(h.stateDir, 'isp.leases');
    h.lab.spawnIn(h.lab.ns.isp, [
      'dnsmasq',
      '--keep-in-foreground',
      '--conf-file=/dev/null',
      '--port=0',
      '--bind-interfaces',
      '--interface=up0',
      '--dhcp-range=198.51.100.50,198.51.100.60,255.255.255.0,2m',
      `--dhcp-option=option:router,${LAB.wan0Isp}`,
      `--dhcp-leasefile=${leases}`,
      `--pid-file=${path.join(h.stateDir, 'isp.pid')}`,
    ]);
    const dhcp = { ...LAB_INTERFACES, wan: [{ name: 'wan0', mode: 'dhcp' }, LAB_INTERFACES.wan[1]] };
    expect((await h.push('interfaces', dhcp)).sync).toMatchObject({ state: 'synced', error: null });
    const address = await waitFor('the lease on wan0', wan0Address);
    expect(Number(address.split('.')[3])).toBeGreaterThanOrEqual(50);
    expect(h.gw('ip', 'route', 'show', 'default').stdout).toMatch(new RegExp(`default via ${LAB.wan0Isp} dev wan0 proto dhcp metric 100`));
    expect((await h.push('firewall', { zones: labZones() })).sync.state).toBe('synced');
    expect(await h.lab.connectFromLan(LAB.remote, 7000)).toBe(address);
  });

  it('sends a policy route out of the DHCP WAN through the router its lease named', async () => {
    const address = wan0Address();
    // The remote's network by the second WAN in the main table: only the policy takes the client's port 7000 out of the first.
    const toRemote = { id: crypto.randomUUID(), name: 'Remote by WAN 2', destination: '203.0.113.0/24', gateway: LAB.wan1Remote, metric: 0, enabled: true };
    expect((await h.push('static_routes', [toRemote])).sync.state).toBe('synced');
    expect(await h.lab.connectFromLan(LAB.remote, 7000)).toBe(LAB.wan1Gw);
    const policy = {
      id: crypto.randomUUID(),
      name: 'Client by the DHCP WAN',
      enabled: true,
      protocol: 'tcp',
      source: `${LAB.lanClient}/32`,
      dest_port: '7000',
      out_interface: 'wan0',
      priority: 10,
    };
    expect((await h.push('policy_routing', [policy])).sync).toMatchObject({ state: 'synced', error: null });
    expect(h.gw('ip', 'route', 'show', 'table', '1000').stdout).toMatch(new RegExp(`default via ${LAB.wan0Isp} dev wan0 proto dhcp`));
    expect(await h.lab.connectFromLan(LAB.remote, 7000)).toBe(address);
    expect(await h.lab.connectFromLan(LAB.remote, 7001)).toBe(LAB.wan1Gw);
  });

  it('gives the lease back when the WAN is set to a static address', async () => {
    const leased = wan0Address();
    expect((await h.push('interfaces', LAB_INTERFACES)).sync).toMatchObject({ state: 'synced', error: null });
    await waitFor('the lease given back', () => !h.gw('ip', '-4', 'addr', 'show', 'wan0').stdout.includes(`${leased}/24`));
    expect(wan0Address()).toBe(LAB.wan0Gw);
    expect(h.gw('ip', 'route', 'show', 'default').stdout).not.toMatch(/proto dhcp/);
    expect(h.gw('ip', 'route', 'show', 'table', '1000').stdout).toMatch(new RegExp(`^default via ${LAB.wan0Isp} dev wan0 proto 173`));
    expect(await h.lab.connectFromLan(LAB.remote, 7000)).toBe(LAB.wan0Gw);
  });
});
