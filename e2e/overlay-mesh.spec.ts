import { expect, test } from './support/test';
import { simulatedGateways } from './support/simulator';
import { demo, logIn } from './support/demo';
import { ownerApi } from './support/fleet';

/** The real simulator with `gateways` gateways of the demo tenant; resolves once each has enrolled. */
test('a hub and a spoke of one device group, both synced, see their mesh tunnel up in VPN status', async ({ page, request, baseURL }) => {
  const owner = await ownerApi(request, demo.owner);
  const { simulator, ids, auth } = await simulatedGateways(request, baseURL!, owner, 2, '53');
  try {
    const list = (await (await request.get('/api/v1/device/list/?page_size=0', { headers: auth })).json()) as {
      results: { id: string; name: string; model: string | null }[];
    };
    const rows = ids.map((id) => list.results.find((r) => r.id === id)!);
    // The smallest model refuses to be a hub (its crypto engine holds too few tunnels): a bigger one is.
    const hub = rows.find((r) => r.model !== 'NL-Edge 100')!;
    const spoke = rows.find((r) => r !== hub)!;
    const group = (await (await request.post('/api/v1/network/list/', { headers: auth, data: { name: 'Mesh e2e' } })).json()) as { id: string };
    expect((await request.put(`/api/v1/network/${group.id}/devices/`, { headers: auth, data: { device_ids: ids } })).ok()).toBe(true);
    for (const [device, n] of [
      [hub, 1],
      [spoke, 2],
    ] as const) {
      const interfaces = { lan: [{ name: 'lan1', ip: `192.168.9${n}.1`, prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] };
      const saved = await request.put(`/api/v1/device/config/${device.id}/sections/interfaces/`, { headers: auth, data: { section: interfaces } });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    const spokeMesh = { topology: 'hub-and-spoke', role: 'spoke', subnets: ['192.168.92.0/24'] };
    expect((await request.put(`/api/v1/device/config/${spoke.id}/sections/overlay_mesh/`, { headers: auth, data: { section: spokeMesh } })).ok()).toBe(true);

    // The hub is made one on its page.
    await logIn(page, demo.editor);
    await page.goto(`/sdwan/device/configure/overlay-mesh-vpn?device=${hub.id}`);
    await page.getByRole('switch', { name: 'Take part in the mesh' }).check();
    await page.getByRole('combobox', { name: /^This gateway is a/ }).click();
    await page.getByRole('option', { name: 'hub' }).click();
    await page.getByPlaceholder('x.x.x.x/y').fill('192.168.91.0/24');
    await page.getByPlaceholder('x.x.x.x/y').press('Enter');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings edited successfully')).toBeVisible();
    await expect(page.getByTestId('config-sync')).toContainText('Synced', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Peers' }).click();
    await expect(page.getByRole('table', { name: 'Peers' })).toContainText(spoke.name);

    // The spoke was pushed its new peer too; both ends agree, and the hub reports the tunnel up.
    await page.goto(`/sdwan/device/status/ipsec/overview?device=${hub.id}`);
    const tunnel = page.getByRole('table', { name: 'Overview' }).getByRole('row', { name: new RegExp(`mesh-${spoke.name}`) });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      await expect(tunnel).toContainText('up', { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await page.goto('/sdwan/organization/monitor/vpn-status');
    await expect(page.getByRole('table', { name: 'Tunnels of all gateways' }).getByRole('row', { name: new RegExp(`mesh-${spoke.name}`) })).toContainText('Up');
  } finally {
    simulator.stop();
  }
});
