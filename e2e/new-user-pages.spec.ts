import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test("a new owner finds the inventory with its devices and creates a device group with the spec's validation", async ({ page, request, baseURL }) => {
  const owner = await ownerApi(request, demo.owner);
  const fleet = new SimFleet(request, baseURL!, owner);
  try {
    await fleet.add({ name: 'e2e-gw-inventory', kind: 'gateway' });
    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

    // Inventory lists the devices that exist instead of inviting to create a configuration.
    await page.goto('/sdwan/organization/inventory');
    await expect(page.getByRole('table', { name: 'Inventory' }).getByRole('row', { name: /e2e-gw-inventory/ })).toBeVisible();
    await expect(page.getByText(/Create your First/)).toHaveCount(0);

    // Device groups: the empty state's create action works, with the spec's validation.
    await page.goto('/sdwan/network');
    await page.getByRole('button', { name: 'Create device group' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Field is required')).toBeVisible();
    await dialog.getByLabel('Device group name').fill('E2E branches');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Device groups' }).getByRole('row', { name: /E2E branches/ })).toBeVisible();

    // The logs have one pager.
    await page.goto('/sdwan/logs/login-logs');
    await expect(page.getByText('owner@acme.test').first()).toBeVisible();
    // The page's own pager (its size a Mantine select, an input); the table's footer (a native select) is gone:
    // one 'Next page' arrow, the page pager's, not the footer's as well.
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveCount(1);
    await expect(page.locator('select[aria-label="Rows per page"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(1);
  } finally {
    await fleet.remove();
    // Other journeys expect a tenant without device groups.
    const auth = { Authorization: `Bearer ${owner.access}` };
    const groups = (await (await request.get('/api/v1/network/list/', { headers: auth })).json()) as { id: string }[];
    for (const g of groups) await request.delete(`/api/v1/network/${g.id}/`, { headers: auth });
  }
});
