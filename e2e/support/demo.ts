import { expect, type Page } from '@playwright/test';

/** Demo logins the server seeds (issue 2); the password can be overridden like the server's. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'netloom-demo';
export const demo = {
  superAdmin: 'super@demo.test',
  owner: 'owner@acme.test',
  guest: 'guest@acme.test',
  globexOwner: 'owner@globex.test',
  editor: 'editor@acme.test',
  viewer: 'viewer@acme.test',
  /** The provider's support engineer: the support desk, no tenant console. */
  supportEngineer: 'support@demo.test',
} as const;

export async function logIn(page: Page, email: string, opts: { remember?: boolean } = {}) {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Netloom' })).toBeVisible();
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  if (opts.remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Signed in once the console has left the login page: a navigation before that would land back on it.
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // A dashboard without devices starts its guided tour once per user (guided-tours.spec.ts follows
  // it); a journey about something else closes it, as a user would, when it is in the way.
  await page.addLocatorHandler(page.locator('.driver-popover'), async () => {
    await page.locator('.driver-popover-close-btn').click();
  });
}
