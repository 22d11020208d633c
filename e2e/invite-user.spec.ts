import { expect, test } from './support/test';
import { DEMO_PASSWORD, demo, logIn } from './support/demo';
import { lastMailTo, linkIn } from './support/mail';

test('an owner invites a user who activates the account and signs in with the given role', async ({ page }) => {
  const email = `new.${Date.now().toString(36)}@acme.test`;
  await logIn(page, demo.owner);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await page.goto('/sdwan/teams/users');

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
  await dialog.getByRole('combobox', { name: /Role/ }).click();
  await page.getByRole('option', { name: 'viewer' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('User added successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');

  // The invited user follows the link of the e-mail, chooses a password and signs in.
  const link = linkIn(await lastMailTo(email), '/activate');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.goto(link);
  await page.getByLabel('New password').fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByText('Your account is active. You can now sign in.')).toBeVisible();

  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A viewer reads the settings but cannot change them.
  await page.goto('/settings/dashboard-settings');
  await expect(page.getByRole('switch', { name: 'VPN Dashboard' })).toBeDisabled();
});
