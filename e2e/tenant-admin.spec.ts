import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('a super admin creates a tenant, switches to it and sees its empty dashboard', async ({ page }) => {
  const name = `Initech ${Date.now().toString(36)}`;
  await logIn(page, demo.superAdmin);
  await expect(page).toHaveURL(/\/superAdmin\/tenant$/);

  await page.getByRole('button', { name: 'Create tenant' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tenant name').fill(name);
  await dialog.getByLabel('SD-WAN').check();
  await dialog.getByLabel('RUM', { exact: true }).check();
  // NDR is not sold on its own: it follows RUM.
  await expect(dialog.getByLabel('NDR (comes with RUM)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Tenant added successfully')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Open ${name}` }).click();

  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await expect(page.getByText(`Tenant: ${name}`)).toBeVisible();
  await expect(page.getByText('No Devices Configured')).toBeVisible();
});

test('a super admin deletes a tenant only after typing its name', async ({ page }) => {
  const name = `Doomed ${Date.now().toString(36)}`;
  await logIn(page, demo.superAdmin);
  await page.getByRole('button', { name: 'Create tenant' }).click();
  await page.getByRole('dialog').getByLabel('Tenant name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.getByRole('button', { name: `Manage ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  const remove = dialog.getByRole('button', { name: 'Delete tenant' });
  await dialog.getByLabel(`Type ${name} to confirm`).fill('wrong');
  await expect(remove).toBeDisabled();
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
  await remove.click();
  await expect(page.getByText('Tenant deleted successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
