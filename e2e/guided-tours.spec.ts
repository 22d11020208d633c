import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD, demo } from './support/demo';
import { lastMailTo, linkIn } from './support/mail';

const FREE_TRIAL = 'Explore Simplified Zero Trust Access with Web Filtering';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new organisation without devices gets the dashboard tour once; Quick Tour brings it back on demand', async ({ page }) => {
  const n = Date.now() % 100000;
  const email = `tour${n}@tourco.test`;
  await page.goto('/auth/sign-up');
  await page.getByLabel('First name').fill('Tess');
  await page.getByLabel('Last name').fill('Tour');
  await page.getByLabel('Company').fill(`Tourco ${n}`);
  await page.getByLabel('Business e-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('tourco-pass-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(/check your inbox/i)).toBeVisible();
  await page.goto(linkIn(await lastMailTo(email), '/activate'));
  await expect(page.getByText('Your account is active. You can now sign in.')).toBeVisible();
  await page.goto('/auth/login');
  await signIn(page, email, 'tourco-pass-1');
  await expect(page).toHaveURL(/\/ztna\/dashboard$/);

  // About a second after the empty dashboard shows, the ZTNA tour points at the menu's Dashboard.
  const first = page.getByRole('dialog', { name: 'Dashboard' });
  await expect(first).toBeVisible();
  await expect(first).toContainText('Your endpoints and users at a glance');
  await first.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Endpoint Profiles' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Endpoint Profiles' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.driver-popover')).toHaveCount(0);

  // Finished for this user on the server: a reload does not start it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zero Trust Dashboard' })).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page.locator('.driver-popover')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Quick Tour' }).click();
  await expect(page.getByRole('dialog', { name: 'Dashboard' })).toBeVisible();
});

test('the free-trial tour pauses for its dialog, goes on after Skip, and Sign Up leads to sign-up', async ({ page }) => {
  await page.goto('/auth/free-trial');
  await expect(page.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
  await signIn(page, demo.globexOwner, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/ztna\/dashboard$/);

  // The demo tour starts 2 s after the sign-in, at the menu's Dashboard.
  await expect(page.getByRole('dialog', { name: 'Dashboard' })).toBeVisible();
  const trial = page.getByRole('dialog', { name: FREE_TRIAL });
  // Through the menu's places to Total Devices, where it stops for the free-trial dialog.
  for (let i = 0; i < 20 && !(await trial.isVisible()); i++) {
    await page.locator('.driver-popover-next-btn').click();
  }
  await expect(trial).toBeVisible();
  await expect(page.locator('.driver-popover')).toHaveCount(0);
  await expect(trial.getByRole('listitem')).toHaveText([
    'Endpoint Client Application',
    'Users and group creation',
    'Endpoint profile creation',
    'Security groups creations',
    'Data protection policy',
    'Web Filering',
  ]);

  // A topic opens its tutorial and is struck through afterwards.
  await trial.getByText('Endpoint profile creation').click();
  const tutorial = page.getByRole('dialog', { name: 'Endpoint profile creation' });
  await expect(tutorial).toContainText('Open MicroZAccess › Endpoint Profiles');
  await tutorial.getByRole('button', { name: 'Close' }).click();
  await expect(trial.getByText('Endpoint profile creation')).toHaveCSS('text-decoration-line', 'line-through');

  // Skip: the tour goes on, and stops again at the search box.
  await expect(trial.locator('[data-tour-pause]')).toHaveAttribute('data-tour-pause', 'totalDevices');
  await trial.getByRole('button', { name: 'Skip' }).click();
  await expect(trial.locator('[data-tour-pause]')).toHaveAttribute('data-tour-pause', 'search');
  await expect(trial.getByRole('button', { name: 'Skip' })).toBeVisible();

  await trial.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
  await expect(page.getByLabel('Business e-mail')).toBeVisible();
});
