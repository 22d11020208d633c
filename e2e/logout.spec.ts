import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('a user logs out through the confirmation dialog', async ({ page }) => {
  await logIn(page, demo.owner, { remember: true });
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

  const openDialog = async () => {
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Log Out Account')).toBeVisible();
    await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
    await expect(dialog.getByText('Once logout you need to login again!')).toBeVisible();
    return dialog;
  };

  // Staying keeps the session.
  let dialog = await openDialog();
  await dialog.getByRole('button', { name: 'No, Stay logged in' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

  dialog = await openDialog();
  await dialog.getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Netloom' })).toBeVisible();

  // The remembered session was revoked on the server: a reload does not sign the user back in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to Netloom' })).toBeVisible();
  await page.goto('/sdwan/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
