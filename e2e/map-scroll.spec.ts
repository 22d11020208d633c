import { expect, test } from './support/test';
import { demo } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';
import { middleOf, showClusterOfTwo } from './support/map';

// Short enough that the dashboard scrolls below the map.
test.use({ viewport: { width: 1366, height: 600 } });

test('the wheel over the map scrolls the dashboard; Ctrl + wheel zooms the map', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    const { map, clusterCount } = await showClusterOfTwo(page, fleet, 'e2e-scroll-laptop');

    // A plain wheel over the map moves the page, not the map, and says how to zoom.
    const top = (await map.region.boundingBox())!.y;
    const over = await middleOf(map.region);
    await page.mouse.move(over.x, over.y);
    await page.mouse.wheel(0, 300);
    await expect(map.card.getByText(/scroll to zoom the map/)).toBeVisible();
    await expect.poll(async () => (await map.region.boundingBox())!.y).toBeLessThan(top);
    await expect(clusterCount).toBeVisible();

    // With Ctrl held the same wheel zooms in on the cluster until its two clients stand apart.
    const cluster = await middleOf(map.region);
    await page.mouse.move(cluster.x, cluster.y);
    await expect(async () => {
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -400);
      await page.keyboard.up('Control');
      await expect(clusterCount).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    await fleet.remove();
  }
});
