import { expect, test } from './support/test';
import { startSimulator } from './support/simulator';
import { demo, logIn } from './support/demo';
import { ownerApi } from './support/fleet';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** What the owner configures: two WANs under SD-WAN with a voice rule, a LAN, a firewall rule using an IP set, a tunnel. */
const DOCUMENT = {
  interfaces: {
    lan: [{ name: 'lan1', ip: '192.168.50.1', prefix: 24 }],
    wan: [
      { name: 'wan1', mode: 'dhcp', weight: 3 },
      { name: 'wan2', mode: 'dhcp', weight: 1 },
    ],
  },
  sdwan: {
    interfaces: [
      { interface: 'wan1', priority: 1 },
      { interface: 'wan2', priority: 2 },
    ],
    rules: [{ id: id(1), name: 'voice-calls', dscp: 46, preferred_wan: 'wan1', sla: { latency_ms: 5000, jitter_ms: 5000, loss_pct: 100 } }],
  },
  firewall: {
    zones: [{ id: id(2), name: 'lan', interfaces: ['lan1'], input: 'accept', output: 'accept', forward: 'reject' }],
    inbound: [{ id: id(3), name: 'office-ssh', protocol: 'tcp', src_zone: 'lan', src: '@office', dest_port: '22', action: 'accept' }],
    outbound: [],
    ipsets: [{ id: id(4), name: 'office', entries: ['192.168.50.0/24', '10.9.0.7'] }],
  },
  // A peer no gateway answers for: the tunnel stays down.
  ipsec: {
    tunnels: [
      {
        id: id(5),
        name: 'to-branch',
        remote: '198.51.100.77',
        local_interface: 'wan1',
        local_subnets: ['192.168.50.0/24'],
        remote_subnets: ['10.60.0.0/16'],
        psk: 'journey-secret-1',
      },
    ],
  },
};

test('a simulated gateway reports what it is configured with: SD-WAN paths, firewall counters, IP sets, SLA, logs, CPU graph; the organisation sees its tunnels', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
  // The real simulator (npm run simulate) with one gateway of the demo tenant, speaking the agent
  // protocol to the server under test; it says which device id it enrolled as.
  const simulator = startSimulator(baseURL!, key, ['--gateways', '1', '--endpoints', '0', '--seed', '19', '--email-domain', 'e2e-monitor.test']);
  const firstDevice = () => simulator.enrolled[0] ?? '';
  try {
    await expect.poll(firstDevice, { timeout: 20_000 }).not.toBe('');
    const deviceId = firstDevice();
    const saved = await request.put(`/api/v1/device/config/${deviceId}/`, { headers: auth, data: { document: DOCUMENT, message: 'monitor journey' } });
    expect(saved.ok(), await saved.text()).toBe(true);

    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

    // SD-WAN status: the voice rule takes its preferred link; the links are online.
    await page.goto(`/sdwan/device/status/sdwanstatus?device=${deviceId}`);
    // (Links of the simulator flap now and then: whichever link it takes, the reason names the preferred one.)
    const rule = page.getByRole('table', { name: 'Rules' }).getByRole('row', { name: /voice-calls/ });
    await expect(rule).toContainText('DSCP 46', { timeout: 20_000 });
    await expect(rule).toContainText('Preferred link');
    await page.getByRole('tab', { name: 'WAN links' }).click();
    await expect(page).toHaveURL(/\/sdwanstatus\/mwan\?device=/);
    // The weights are the configured ones.
    await expect(page.getByRole('table', { name: 'WAN links' }).getByRole('row', { name: /wan1/ }).getByRole('cell', { name: '3', exact: true })).toBeVisible();

    // Firewall: the rule's counters, and the IP set with the one rule that uses it.
    await page.goto(`/sdwan/device/status/firewallstatus/firewall-all?device=${deviceId}`);
    await expect(page.getByRole('table', { name: 'Firewall' }).getByRole('row', { name: /office-ssh/ })).toContainText('ACCEPT');
    await page.getByRole('tab', { name: 'IP sets' }).click();
    const set = page.getByRole('table', { name: 'IP sets' }).getByRole('row', { name: /office/ });
    await expect(set).toContainText('hash:net');
    await expect(set).toContainText('10.9.0.7');

    // SLA: each WAN's probe; then the ping graph over the last minutes.
    await page.goto(`/sdwan/device/status/slastatus/interface?device=${deviceId}`);
    await expect(page.getByRole('table', { name: 'SLA of each WAN' }).getByRole('row', { name: /wan2/ })).toBeVisible();

    // Logs: the box's own journal, narrowed to one level.
    await page.goto(`/sdwan/device/status/logs?device=${deviceId}`);
    await expect(
      page
        .getByRole('table', { name: 'System log' })
        .getByRole('row', { name: /netloom-agent/ })
        .first(),
    ).toBeVisible();

    // Overview: model and firmware on cards, the CPU graph once metrics came in.
    await page.goto(`/sdwan/device/configure/status/deviceoverview/device-interfaces?device=${deviceId}`);
    const system = (await (await request.get(`/api/v1/device/status/${deviceId}/system/`, { headers: auth })).json()) as {
      snapshot: { entries: { model: string }[] };
    };
    await expect(page.getByRole('group', { name: 'Model' })).toContainText(system.snapshot.entries[0]!.model);
    await page.getByRole('tab', { name: 'CPU' }).click();
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 30_000 });

    // IPsec: the gateway's tunnel is down, and the organisation's VPN status lists it.
    await page.goto(`/sdwan/device/status/ipsec/overview?device=${deviceId}`);
    await expect(page.getByRole('table', { name: 'Overview' }).getByRole('row', { name: /to-branch/ })).toContainText('down');
    await page.goto('/sdwan/organization/monitor/vpn-status');
    await expect(page.getByRole('table', { name: 'Tunnels of all gateways' }).getByRole('row', { name: /to-branch/ })).toContainText('Down');
  } finally {
    simulator.stop();
    const enrolledAs = firstDevice();
    if (enrolledAs) await request.post(`/api/v1/device/${enrolledAs}/unclaim/`, { headers: auth, data: {} });
  }
});
