import { expect, test, type Page } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

/** Whether the device table comes before the tiles on the page. */
const deviceListFirst = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector('[data-tour="deviceList"]');
    const tiles = document.querySelector('[data-testid="fleet-tiles"]');
    return Boolean(list && tiles && list.compareDocumentPosition(tiles) & Node.DOCUMENT_POSITION_FOLLOWING);
  });

test('an owner hides the map and puts the device list first; the dashboard follows, and Reset to default brings it back', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await ownerApi(request, demo.owner);
  const fleet = new SimFleet(request, baseURL!, owner);
  try {
    await fleet.add({ name: 'e2e-gw-layout', kind: 'gateway', location: { name: 'Pune', lat: 18.52, lng: 73.85 } });
    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    await expect(page.getByTestId('fleet-map')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Devices' })).toBeVisible();
    expect(await deviceListFirst(page)).toBe(false);

    // The side menu's Dashboard group leads to it.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // On the dashboard its group is open; the menu shows the entries while hovered.
    await menu.hover();
    await menu.getByRole('link', { name: 'Customize' }).click();
    await expect(page).toHaveURL(/\/sdwan\/tenant-customize-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Customize Dashboard' })).toBeVisible();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByTestId('preview-map')).toBeVisible();
    // A click beside the menu takes the focus off its link, so the menu folds back off the page.
    await preview.click();

    await page.getByRole('list', { name: 'Widgets' }).getByRole('switch', { name: 'Map' }).click();
    await expect(page.getByRole('switch', { name: 'Map' })).not.toBeChecked();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Move Device list up' }).click();
    // The preview follows before anything is saved.
    await expect(preview.getByTestId('preview-map')).toHaveCount(0);
    await expect(preview.getByTestId(/^preview-/).first()).toHaveAttribute('data-testid', 'preview-devices');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dashboard layout saved')).toBeVisible();

    await page.goto('/sdwan/dashboard');
    await expect(page.getByRole('table', { name: 'Devices' })).toBeVisible();
    await expect(page.getByTestId('fleet-tiles')).toBeVisible();
    await expect(page.getByTestId('fleet-map')).toHaveCount(0);
    expect(await deviceListFirst(page)).toBe(true);

    await page.goto('/sdwan/tenant-customize-dashboard');
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await expect(page.getByText('Dashboard layout reset to default')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Map' })).toBeChecked();

    await page.goto('/sdwan/dashboard');
    await expect(page.getByTestId('fleet-map')).toBeVisible();
    expect(await deviceListFirst(page)).toBe(false);
  } finally {
    // Other journeys of the run expect the default dashboard.
    await request.delete(`/api/v1/tenant/config/dashboard-layout/sdwan/`, { headers: { Authorization: `Bearer ${owner.access}` } });
    await fleet.remove();
  }
});
