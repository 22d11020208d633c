import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test('the device table keeps its search in the address: reload, a shared link and Back show the same rows', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    await fleet.add({ name: 'e2e-url-delhi', kind: 'gateway', location: { name: 'Delhi', lat: 28.61, lng: 77.21 } });
    await fleet.add({ name: 'e2e-url-kochi', kind: 'gateway', location: { name: 'Kochi', lat: 9.93, lng: 76.27 } });

    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    const devices = page.getByTestId('device-table');
    const table = devices.getByRole('table', { name: 'Devices' });
    const search = devices.getByRole('textbox', { name: 'Search' });
    await expect(table.getByText('e2e-url-delhi')).toBeVisible();
    await expect(table.getByText('e2e-url-kochi')).toBeVisible();

    await search.fill('kochi');
    await expect(table.getByText('e2e-url-delhi')).toHaveCount(0);
    await expect(page).toHaveURL(/\/sdwan\/dashboard\?q=kochi$/);

    await page.reload();
    await expect(search).toHaveValue('kochi');
    await expect(table.getByText('e2e-url-kochi')).toBeVisible();
    await expect(table.getByText('e2e-url-delhi')).toHaveCount(0);

    // A link someone shared, then Back to the view before it.
    await page.goto('/sdwan/dashboard?q=delhi');
    await expect(search).toHaveValue('delhi');
    await expect(table.getByText('e2e-url-delhi')).toBeVisible();
    await expect(table.getByText('e2e-url-kochi')).toHaveCount(0);
    await page.goBack();
    await expect(search).toHaveValue('kochi');
    await expect(table.getByText('e2e-url-kochi')).toBeVisible();
    await expect(table.getByText('e2e-url-delhi')).toHaveCount(0);

    // A link with values the table cannot use still opens the dashboard, on its defaults.
    await page.goto('/sdwan/dashboard?page=abc&size=7');
    await expect(table.getByText('e2e-url-delhi')).toBeVisible();
    await expect(devices.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
  } finally {
    await fleet.remove();
  }
});
