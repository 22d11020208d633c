import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test('a gateway that says goodbye turns Not Reachable in the table and red on the map without a reload', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    const gateway = await fleet.add({ name: 'e2e-gw-leaving', kind: 'gateway' });
    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    const row = page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: /e2e-gw-leaving/ });
    await expect(row).toContainText('Running');
    const legend = page.getByTestId('fleet-map-legend');
    await expect(legend).toContainText('Up 1');
    await expect(legend).toContainText('Down 0');

    // A marker on the page: a reload would wipe it.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await gateway.goodbye();

    await expect(row).toContainText('Not Reachable');
    await expect(legend).toContainText('Up 0');
    await expect(legend).toContainText('Down 1');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  } finally {
    await fleet.remove();
  }
});
