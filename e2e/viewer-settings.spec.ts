import { expect, test } from './support/test';
import { logIn } from './support/demo';

test('a viewer sees the tenant settings but cannot change them', async ({ page }) => {
  await logIn(page, 'viewer@acme.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/dashboard-settings');

  await expect(page.getByText('Only owners and admins can change these settings.')).toBeVisible();
  for (const name of ['Commercial View', 'Usage Graph', 'URL Stats', 'VPN Status', 'WAN 3', 'VPN Dashboard', 'Auto Registeration']) {
    await expect(page.getByRole('switch', { name })).toBeDisabled();
  }
  // Nor can the viewer's session save them behind the page's back.
  const status = await page.evaluate(
    async () =>
      (
        await fetch('/api/v1/tenant/config/config-preference/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"dashboard":{"netflow":true}}',
        })
      ).status,
  );
  expect([401, 403]).toContain(status);
});
