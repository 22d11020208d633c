import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test('the owner sees the fleet on the SD-WAN and ZTNA dashboards and picks a device', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    await fleet.add({
      name: 'e2e-gw-chennai',
      kind: 'gateway',
      wan: [
        { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 },
        { name: 'LTE', status: 'down', ifname: 'wwan0', weight: 1 },
      ],
    });
    await fleet.add({ name: 'e2e-branch-office-mumbai', kind: 'gateway', location: { name: 'Mumbai', lat: 19.07, lng: 72.87 } });
    await fleet.add({ name: 'e2e-laptop-maya', kind: 'endpoint', user: 'maya@acme.test', os: 'windows', vpnIp: '10.8.0.7' });

    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();

    // Tiles, map and the live device table once devices exist.
    await expect(page.getByTestId('tile-devices')).toHaveText(/^\d+$/);
    await expect(page.getByRole('group', { name: 'Active Links', exact: true })).toBeVisible();
    await expect(page.getByTestId('fleet-map')).toBeVisible();
    const table = page.getByRole('table', { name: 'Devices' });
    const chennai = table.getByRole('row', { name: /e2e-gw-chennai/ });
    await expect(chennai).toContainText('Running');
    await expect(chennai.getByLabel('WAN1 up')).toHaveAttribute('data-wan-colour', 'green');
    await expect(chennai.getByLabel('LTE down')).toHaveAttribute('data-wan-colour', 'orangered');
    // Names over 15 characters are cut; endpoints stay off the SD-WAN view.
    await expect(table.getByText('e2e-branch-offi...')).toBeVisible();
    await expect(table.getByText('e2e-laptop-maya')).toHaveCount(0);

    // Header device picker: from a dashboard, a gateway leads to its status page.
    await page.getByRole('button', { name: 'Select device' }).click();
    await page.getByRole('textbox', { name: 'Search devices' }).fill('chennai');
    await page.getByRole('option', { name: /e2e-gw-chennai/ }).click();
    await expect(page).toHaveURL(/\/sdwan\/device\/status\/network\/routes$/);
    await expect(page.getByRole('button', { name: 'Select device' })).toHaveText('e2e-gw-che...');

    // The ZTNA dashboard lists the endpoints with their user, OS and VPN address.
    await page.goto('/ztna/dashboard');
    await expect(page.getByRole('heading', { name: 'Zero Trust Dashboard' })).toBeVisible();
    const maya = page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: /e2e-laptop-maya/ });
    await expect(maya).toContainText('maya');
    await expect(maya).toContainText('windows');
    await expect(maya).toContainText('10.8.0.7');
    await expect(maya).toContainText('Connected');
    await expect(page.getByRole('group', { name: 'Online Users', exact: true })).toBeVisible();
  } finally {
    await fleet.remove();
  }
});
