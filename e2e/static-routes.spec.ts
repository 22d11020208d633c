import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test('an editor adds a static route to a gateway, watches it become synced, and rolls it back from the history', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    const gateway = await fleet.add({ name: 'e2e-gw-routes', kind: 'gateway' });
    await logIn(page, demo.editor);
    await page.goto(`/sdwan/device/configure/staticroutes?device=${gateway.id}`);
    await expect(page.getByRole('heading', { name: 'Create your First Configuration' })).toBeVisible();
    await expect(page.getByTestId('config-sync')).toContainText('Not configured');

    await page.getByRole('button', { name: 'Add static route' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('to-branch');
    await dialog.getByLabel('Destination').fill('10.20.0.0/16');
    await dialog.getByPlaceholder('x.x.x.x', { exact: true }).fill('192.168.1.254');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Static route added successfully')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Static routes' })).toContainText('to-branch');
    // The gateway applies it and answers with its hash: the page turns synced without a reload.
    await expect(page.getByTestId('config-sync')).toContainText('Synced');
    // Its routing table, as the gateway reports it when asked, holds the route.
    await page.goto(`/sdwan/device/status/network/routes?device=${gateway.id}`);
    await expect(page.getByRole('table', { name: 'Routes' })).toContainText('10.20.0.0/16');
    await expect(page.getByTestId('status-age')).toContainText('s ago');
    await page.goto(`/sdwan/device/configure/staticroutes?device=${gateway.id}`);

    // Deleting it is a second revision; the history rolls back to the first.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Static route deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create your First Configuration' })).toBeVisible();

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'Revisions' });
    await expect(history.getByRole('row')).toHaveCount(3);
    await history.getByRole('button', { name: 'Rollback' }).last().click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Rolled back to revision 1')).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(4);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table', { name: 'Static routes' })).toContainText('to-branch');
    await expect(page.getByTestId('config-sync')).toContainText('Synced');
  } finally {
    await fleet.remove();
  }
});
