import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test('an owner presses s, reaches a configuration page by its name, and finds a gateway by its name', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    await fleet.add({ name: 'e2e-search-north', kind: 'gateway' });
    const south = await fleet.add({ name: 'e2e-search-south', kind: 'gateway' });
    await logIn(page, demo.owner);
    await page.goto('/sdwan/dashboard');
    await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();

    const box = page.getByRole('button', { name: 'Search', exact: true });
    await expect(box).toHaveAttribute('data-tour', 'search');
    // Between 180 and 450 px wide; at the console's 1000 px minimum the whole header still fits.
    for (const viewport of [
      { width: 1000, height: 820 },
      { width: 1366, height: 820 },
      { width: 1920, height: 820 },
    ]) {
      await page.setViewportSize(viewport);
      const width = (await box.boundingBox())!.width;
      expect(width).toBeGreaterThanOrEqual(180);
      expect(width).toBeLessThanOrEqual(450);
      const profile = (await page.getByRole('button', { name: 'Profile menu' }).boundingBox())!;
      expect(profile.x + profile.width).toBeLessThanOrEqual(viewport.width);
    }
    await page.setViewportSize({ width: 1366, height: 820 });

    const dialog = page.getByRole('dialog');
    const input = dialog.getByRole('textbox', { name: 'Search' });

    // Without a chosen gateway a gateway page is refused.
    await page.keyboard.press('s');
    await expect(input).toBeFocused();
    await input.fill('Static Routes');
    await input.press('Enter');
    await expect(page.getByText('Please Select Device')).toBeVisible();
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

    await page.getByRole('button', { name: 'Select device' }).click();
    await page.getByRole('textbox', { name: 'Search devices' }).fill('north');
    await page.getByRole('option', { name: /e2e-search-north/ }).click();
    await expect(page).toHaveURL(/\/sdwan\/device\/status\/network\/routes$/);
    // A chosen device's name in the header leaves room for everything at 1000 px too.
    await page.setViewportSize({ width: 1000, height: 820 });
    const profile = (await page.getByRole('button', { name: 'Profile menu' }).boundingBox())!;
    expect(profile.x + profile.width).toBeLessThanOrEqual(1000);
    await page.setViewportSize({ width: 1366, height: 820 });

    // The whole name, in any case and spacing, and Enter: the configuration page of the chosen gateway.
    await page.locator('body').click({ position: { x: 600, y: 400 } });
    await page.keyboard.press('s');
    await input.fill('  static ROUTES ');
    await expect(dialog.getByRole('group', { name: 'SD-WAN configure' }).getByRole('button', { name: 'Static Routes' })).toBeVisible();
    await input.press('Enter');
    await expect(page).toHaveURL(/\/sdwan\/device\/configure\/staticroutes$/);
    await expect(page.getByRole('heading', { name: 'Static Routes' })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // A gateway found on the server becomes the chosen one and its overview opens.
    await box.click();
    await input.fill('e2e-search');
    const devices = dialog.getByRole('group', { name: 'Devices' });
    await expect(devices.getByRole('button', { name: /e2e-search-north/ })).toBeVisible();
    await devices.getByRole('button', { name: /e2e-search-south/ }).click();
    await expect(page).toHaveURL(/\/sdwan\/device\/configure\/status\/deviceoverview\/device-interfaces$/);
    await expect(page.getByRole('button', { name: 'Select device' })).toHaveText('e2e-search...');
    await expect(page.getByRole('button', { name: 'Select device' })).toHaveAttribute('title', south.spec.name);

    // The pages opened are the recent ones, newest first.
    await page.keyboard.press('s');
    const recent = dialog.getByRole('group', { name: 'Recent pages' }).getByRole('button');
    await expect(recent.first()).toContainText('Device Overview');
    await expect(recent.nth(1)).toContainText('Static Routes');
  } finally {
    await fleet.remove();
  }
});
