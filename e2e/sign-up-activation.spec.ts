import { expect, test } from './support/test';
import { lastMailTo, linkIn } from './support/mail';

// A new organisation signs up, follows the activation link from its e-mail and signs in.
test('a new organisation signs up, activates its account from the e-mail and signs in', async ({ page }) => {
  const email = `ceo${Date.now() % 100000}@initech.test`;
  await page.goto('/auth/sign-up');
  await page.getByLabel('First name').fill('Bill');
  await page.getByLabel('Last name').fill('Lumbergh');
  await page.getByLabel('Company').fill(`Initech ${Date.now() % 100000}`);
  await page.getByLabel('Business e-mail').fill('bill@gmail.com');
  await page.getByLabel('Password', { exact: true }).fill('initech-pass-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(/business e-mail/i).first()).toBeVisible();

  await page.getByLabel('Business e-mail').fill(email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(/check your inbox/i)).toBeVisible();

  await page.goto(linkIn(await lastMailTo(email), '/activate'));
  await expect(page.getByText('Your account is active. You can now sign in.')).toBeVisible();

  await page.goto('/auth/login');
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('initech-pass-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // New organisations start on the ZTNA product.
  await expect(page).toHaveURL(/\/ztna\/dashboard$/);
});
