import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('a super admin selects a tenant and lands on its active dashboard', async ({ page }) => {
  await logIn(page, demo.superAdmin);

  // Without a tenant a super admin starts on the tenant list.
  await expect(page).toHaveURL(/\/superAdmin\/tenant$/);
  await expect(page.getByRole('heading', { name: 'Tenants' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch dashboard' })).toHaveCount(0);

  await page.getByRole('row', { name: /Globex/ }).click();
  // Globex has only ZTNA: the super admin opens the tenant on its own product.
  await expect(page).toHaveURL(/\/ztna\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Zero Trust Dashboard' })).toBeVisible();
  await expect(page.getByText('Tenant: Globex')).toBeVisible();

  // Switching from the header selector.
  await page.getByRole('combobox', { name: 'Select tenant' }).click();
  await page.getByRole('option', { name: 'Acme' }).click();
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await expect(page.getByText('Tenant: Acme')).toBeVisible();
});

test('a tenant user opening a super-admin page is logged out with Permission Denied', async ({ page }) => {
  await logIn(page, demo.owner);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await page.goto('/superAdmin/tenant');
  await expect(page.getByText('Permission Denied')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
