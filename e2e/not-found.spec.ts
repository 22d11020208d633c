import { expect, test } from './support/test';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Error 404')).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  // Nobody is signed in, so home is the login page.
  await expect(page).toHaveURL(/\/auth\/login$/);
});
