import { expect, test } from './support/test';
import { simulatedGateways } from './support/simulator';
import { demo, logIn } from './support/demo';
import { ownerApi } from './support/fleet';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The real simulator with `gateways` gateways of the demo tenant; resolves once each has enrolled. */
test('an editor adds a QoS class and a rule, sees them synced, and reads the class counters the gateway reports', async ({ page, request, baseURL }) => {
  const owner = await ownerApi(request, demo.owner);
  const { simulator, ids } = await simulatedGateways(request, baseURL!, owner, 1, '31');
  try {
    const [gateway] = ids;
    await logIn(page, demo.editor);
    await page.goto(`/sdwan/device/configure/qos?device=${gateway}`);
    await page.getByRole('tab', { name: 'Classes' }).click();
    await page.getByRole('button', { name: 'Add class' }).first().click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('voice');
    await dialog.getByLabel('Priority (1 is served first)').fill('1');
    await dialog.getByLabel('Guaranteed share (%)').fill('30');
    await dialog.getByLabel('Maximum share (%)').fill('50');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Class added successfully')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Classes' })).toContainText('voice');
    await expect(page.getByTestId('config-sync')).toContainText('Synced');

    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.getByRole('button', { name: 'Add QoS rule' }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('rtp');
    await dialog.getByRole('combobox', { name: /^Class/ }).click();
    await page.getByRole('option', { name: 'voice' }).click();
    await dialog.getByLabel('DSCP').fill('46');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('QoS rule added successfully')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rules' })).toContainText('rtp');
    await expect(page.getByTestId('config-sync')).toContainText('Synced');

    // The gateway counts what goes through each class, on the SD-WAN status page the QoS page links to.
    await page.getByRole('link', { name: 'QoS class counters' }).click();
    await expect(page).toHaveURL(/\/sdwanstatus\/qos\?device=/);
    await expect(page.getByRole('table', { name: 'QoS classes' }).getByRole('row', { name: /voice/ })).toBeVisible({ timeout: 20_000 });
  } finally {
    simulator.stop();
  }
});

/** Two gateways on one LAN (192.168.77.0/24): BGP speakers peering over their router ids, a VRRP pair for the LAN's virtual address. */
const pair = (n: 1 | 2) => ({
  interfaces: { lan: [{ name: 'lan1', ip: `192.168.77.${n + 1}`, prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
  bgp: {
    asn: 65100 + n,
    router_id: `10.77.0.${n}`,
    neighbours: [{ id: id(n), address: `10.77.0.${3 - n}`, remote_asn: 65100 + (3 - n), description: n === 1 ? 'to edge-b' : 'to edge-a' }],
    networks: [n === 1 ? '192.168.77.0/24' : '10.99.0.0/16'],
  },
  vrrp: { groups: [{ id: id(10 + n), interface: 'lan1', vrid: 5, virtual_ip: '192.168.77.254', priority: n === 1 ? 150 : 100 }] },
});

test('two gateways configured as mirror BGP neighbours see each other Established, and their VRRP pair elects one master', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await ownerApi(request, demo.owner);
  const { simulator, ids, auth } = await simulatedGateways(request, baseURL!, owner, 2, '37');
  try {
    const [a, b] = ids as [string, string];
    for (const [device, doc] of [
      [a, pair(1)],
      [b, pair(2)],
    ] as const) {
      const saved = await request.put(`/api/v1/device/config/${device}/`, { headers: auth, data: { document: doc, message: 'BGP and VRRP pair' } });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

    await page.goto(`/sdwan/device/status/bgp?device=${a}`);
    const neighbour = page.getByRole('table', { name: 'BGP neighbours' }).getByRole('row', { name: /10\.77\.0\.2/ });
    // The configuration lands and the sessions open a few seconds later: Refresh asks the gateway again until then.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      await expect(page.getByRole('group', { name: 'Local ASN' })).toContainText('65101', { timeout: 3_000 });
      await expect(neighbour).toContainText('Established', { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(neighbour).toContainText('65102');

    await page.goto(`/sdwan/device/status/sdwanstatus/vrrp?device=${a}`);
    await expect(page.getByRole('table', { name: 'VRRP' }).getByRole('row', { name: /192\.168\.77\.254/ })).toContainText('master', { timeout: 20_000 });
    await page.goto(`/sdwan/device/status/sdwanstatus/vrrp?device=${b}`);
    const backup = page.getByRole('table', { name: 'VRRP' }).getByRole('row', { name: /192\.168\.77\.254/ });
    await expect(backup).toContainText('backup', { timeout: 20_000 });
    await expect(backup).toContainText('192.168.77.2');
  } finally {
    simulator.stop();
  }
});
