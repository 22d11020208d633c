import { expect, test } from './support/test';
import { DEMO_PASSWORD } from './support/demo';
import { lastMailTo, linkIn } from './support/mail';

// The editor forgets the password, follows the e-mailed link, chooses a new one and signs in with it.
test('a forgotten password is reset from the e-mailed link', async ({ page, request }) => {
  const email = 'editor@acme.test';
  await page.goto('/auth/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for this e-mail, a reset link has been sent.')).toBeVisible();

  await page.goto(linkIn(await lastMailTo(email), '/resetpwd'));
  const fresh = 'editor-new-pass-1';
  await page.getByLabel('New password').fill(fresh);
  await page.getByLabel('Confirm password').fill(`${fresh}x`);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(/do not match|don't match/i)).toBeVisible();
  await page.getByLabel('Confirm password').fill(fresh);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password has been changed. You can now sign in.')).toBeVisible();

  await page.goto('/auth/login');
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

  // Put the demo password back for the other journeys.
  const login = await request.post('/api/v1/auth/login/', { data: { username: email, password: fresh } });
  const { access } = (await login.json()) as { access: string };
  const back = await request.post('/api/v1/auth/password/change/', {
    headers: { authorization: `Bearer ${access}` },
    data: { old_password: fresh, new_password: DEMO_PASSWORD },
  });
  expect(back.ok()).toBe(true);
});
