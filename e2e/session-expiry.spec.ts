import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('a revoked session shows the expiry notice and logs out', async ({ page, context, request }) => {
  let pendingApiCalls = 0;
  const isApi = (url: string) => url.includes('/api/v1/');
  page.on('request', (r) => void (isApi(r.url()) && pendingApiCalls++));
  page.on('requestfinished', (r) => void (isApi(r.url()) && pendingApiCalls--));
  page.on('requestfailed', (r) => void (isApi(r.url()) && pendingApiCalls--));

  await logIn(page, demo.owner); // without remember-me: no silent refresh on a refused token
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();
  // Let the dashboard's own calls finish so the refused call is the one the navigation below makes.
  await expect.poll(() => pendingApiCalls).toBe(0);

  // End the session behind the console's back, as another device or an admin would.
  const refresh = (await context.cookies()).find((c) => c.name === 'netloom_refresh');
  expect(refresh?.httpOnly).toBe(true);
  const res = await request.post('/api/v1/auth/logout/', { data: { refresh: refresh?.value } });
  expect(res.ok()).toBe(true);

  // The next call of the console is refused: a navigation (it re-checks the subscriptions), or the
  // dashboard's own polling if that comes first — then the notice is already up and covers the menu.
  const notice = page.getByRole('dialog');
  await expect(async () => {
    if (await notice.isVisible()) return;
    await page.getByRole('navigation', { name: 'Main menu' }).hover({ timeout: 2_000 });
    await page.getByRole('link', { name: 'Network / Device Groups' }).click({ timeout: 2_000 });
    await expect(notice).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(notice.getByText('Your session has expired, Please Login Again')).toBeVisible();
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Netloom' })).toBeVisible();
});
