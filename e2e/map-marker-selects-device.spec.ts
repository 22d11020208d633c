import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';
import { fleetMap, hoverUntil, MAP_LOAD_TIMEOUT, middleOf, showClusterOfTwo } from './support/map';

test('clicking a gateway on the map selects it, as the header device picker does', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    await fleet.add({ name: 'e2e-map-pune', kind: 'gateway', location: { name: 'Pune', lat: 18.52, lng: 73.86 } });

    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    const map = fleetMap(page);
    await expect(map.canvas).toBeVisible({ timeout: MAP_LOAD_TIMEOUT });
    await expect(page.getByRole('button', { name: 'Select device' })).toHaveText('Select Device');

    // Hovering the marker shows its card and the pointer cursor: it can be clicked.
    const marker = await middleOf(map.region);
    await hoverUntil(page, marker, map.card.getByText('e2e-map-pune'));
    await expect(map.canvas).toHaveCSS('cursor', 'pointer');

    // From a dashboard, choosing a gateway leads to its status page, like the picker.
    await page.mouse.click(marker.x, marker.y);
    await expect(page).toHaveURL(/\/sdwan\/device\/status\/network\/routes$/);
    await expect(page.getByRole('button', { name: 'Select device' })).toHaveText('e2e-map-pu...');
  } finally {
    await fleet.remove();
  }
});

test('clicking a cluster of clients on the ZTNA map zooms in until they stand apart', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    const { map, clusterCount } = await showClusterOfTwo(page, fleet, 'e2e-map-laptop');
    const cluster = await middleOf(map.region);
    await hoverUntil(page, cluster, map.card.getByText('Click to zoom in'));
    await expect(map.canvas).toHaveCSS('cursor', 'pointer');
    await page.mouse.click(cluster.x, cluster.y);
    await expect(clusterCount).toHaveCount(0);
    // The dashboard stays; only the view it shows goes into the address.
    await expect(page).toHaveURL(/\/ztna\/dashboard\?map=15\.\d+%2C73\.\d+%2C[\d.]+$/);
  } finally {
    await fleet.remove();
  }
});
