import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('a guest-user lands on the client page and can open nothing else', async ({ page }) => {
  await logIn(page, demo.guest);

  await expect(page).toHaveURL(/\/microzaccess-client$/);
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(page.getByText("You don't have access to the website. Please use the client application instead.")).toBeVisible();
  // No console chrome for a guest.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  // The download section is hidden until asked for, Windows first, the name typed out.
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Download the client' }).click();
  await expect(page.getByTestId('typed-os')).toHaveText('Windows');
  await page.getByText('macOS', { exact: true }).click();
  await expect(page.getByTestId('typed-os')).toHaveText('macOS');
  await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeEnabled();

  // Any console page sends the guest back.
  await page.goto('/sdwan/dashboard');
  await expect(page).toHaveURL(/\/microzaccess-client$/);
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
});
