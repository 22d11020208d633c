import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('toggling VPN Dashboard makes Zero Trust the active dashboard, and back', async ({ page }) => {
  await logIn(page, demo.owner);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/dashboard-settings$/);
  const vpn = page.getByRole('switch', { name: 'VPN Dashboard' });
  await expect(vpn).not.toBeChecked();

  await vpn.dispatchEvent('click');
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch dashboard' })).toHaveText(/Zero Trust/);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/ztna\/dashboard$/);

  // The setting is stored: a new visit still shows it on; turning it off brings SD-WAN back.
  await page.goto('/settings/dashboard-settings');
  await expect(vpn).toBeChecked();
  await vpn.dispatchEvent('click');
  await expect(page.getByRole('button', { name: 'Switch dashboard' })).toHaveText(/SD-WAN/);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
});
