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
    // Other journeys' devices share the tenant's map: the legend is read as a change from now.
    const legend = page.getByTestId('fleet-map-legend');
    const counts = async () => {
      const text = (await legend.textContent()) ?? '';
      return { up: Number(/Up (\d+)/.exec(text)?.[1]), down: Number(/Down (\d+)/.exec(text)?.[1]) };
    };
    await expect.poll(async () => (await counts()).up).toBeGreaterThanOrEqual(1);
    const before = await counts();

    // A marker on the page: a reload would wipe it.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await gateway.goodbye();

    await expect(row).toContainText('Not Reachable');
    await expect.poll(counts).toEqual({ up: before.up - 1, down: before.down + 1 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  } finally {
    await fleet.remove();
  }
});
