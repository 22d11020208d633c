import { expect, test } from './support/test';
import { demo } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';
import { hoverUntil, MAP_LOAD_TIMEOUT, middleOf, showClusterOfTwo } from './support/map';

const mapParam = (url: string) => new URL(url).searchParams.get('map');

test('the map keeps its view in the address: a reload and a shared link open where the user looked; Show all devices refits', async ({
  page,
  request,
  baseURL,
}) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    const { map, clusterCount } = await showClusterOfTwo(page, fleet, 'e2e-view-laptop');
    // Fitted around the devices, the map puts no view in the address.
    expect(mapParam(page.url())).toBeNull();

    // The user zooms in on the cluster: the view it lands on is in the address.
    const cluster = await middleOf(map.region);
    await hoverUntil(page, cluster, map.card.getByText('Click to zoom in'));
    await page.mouse.click(cluster.x, cluster.y);
    await expect(clusterCount).toHaveCount(0);
    await expect.poll(() => mapParam(page.url())).toMatch(/^15\.\d+,73\.\d+,[\d.]+$/);
    const zoomedIn = mapParam(page.url())!;
    expect(Number(zoomedIn.split(',')[2])).toBeGreaterThan(10);

    // A reload opens on that view again, not refitted: one step out from it is that view's zoom less one.
    // (The zoom buttons show once the map has loaded.)
    const [lat, lng, zoom] = zoomedIn.split(',');
    await page.reload();
    const zoomOut = map.card.getByRole('button', { name: 'Zoom out' });
    await expect(zoomOut).toBeVisible({ timeout: MAP_LOAD_TIMEOUT });
    expect(mapParam(page.url())).toBe(zoomedIn);
    await zoomOut.click();
    await expect.poll(() => mapParam(page.url())).toBe(`${lat},${lng},${Number((Number(zoom) - 1).toFixed(2))}`);

    // A link to a view over Paris shows no device until the user zooms out far enough to see Goa.
    await page.goto('/ztna/dashboard?map=48.8566,2.3522,5');
    await expect(zoomOut).toBeVisible({ timeout: MAP_LOAD_TIMEOUT });
    await expect(clusterCount).toHaveCount(0);
    await expect(async () => {
      await zoomOut.click();
      await expect(clusterCount).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // Every zoom the user made is the view in the address, still on Paris's meridian (a step too
    // far out reaches the whole world, where the map keeps the latitude inside it).
    await expect.poll(() => mapParam(page.url())).toMatch(/^\d+(\.\d+)?,2\.3522,[0-4](\.\d+)?$/);

    // 'Show all devices' fits the map around the clients again and takes the view out of the address.
    await map.card.getByRole('button', { name: 'Show all devices' }).click();
    await expect.poll(() => mapParam(page.url())).toBeNull();
    await expect(clusterCount).toBeVisible();
    await page.reload();
    await expect(clusterCount).toBeVisible({ timeout: MAP_LOAD_TIMEOUT });
  } finally {
    await fleet.remove();
  }
});
