import { expect, test, type Page } from './support/test';
import { demo, logIn } from './support/demo';

// The service worker is part of what this journey checks (the config blocks it for the others).
test.use({ serviceWorkers: 'allow' });

/** Everything the browser console shows that a developer would have to read past. */
function watchConsole(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') noise.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => noise.push(`pageerror: ${e.message}`));
  return noise;
}

test('a first visit and the redirects of a signed-in user leave the browser console clean', async ({ page }) => {
  const noise = watchConsole(page);

  // A first visit: no refresh cookie, the remember-me probe finds nobody, "/" redirects to the login page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Netloom' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await logIn(page, demo.owner);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  // Redirect-only routes, on fresh loads and in the console.
  for (const [from, to] of [
    ['/', /\/sdwan\/dashboard$/],
    ['/sdwan', /\/sdwan\/dashboard$/],
    ['/sdwan/teams', /\/sdwan\/teams\/users$/],
    ['/sdwan/logs', /\/sdwan\/logs\/login-logs$/],
    ['/settings', /\/settings\/profile$/],
  ] as const) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
  // A redirect inside the console (no page load): Home leads to the active dashboard.
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();

  expect(noise).toEqual([]);
});
